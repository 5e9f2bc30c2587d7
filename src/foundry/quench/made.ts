/**
 * Every document the batch creates on this client, recorded as it is created (V13 calls a
 * `create<Document>` hook on the creating client, with its user id, before the create resolves), so
 * that cleanup deletes all of them even when a flow fails part way: the actors and combats a flow
 * makes, and every chat card posted meanwhile — a sample's own cards (Radio posts an attack and a
 * damage card), misses rolled again, and cards hooks post in the background (a fight's end).
 */
import { fightEndSettled } from "../documents/fight-end.js";

type Kind = "Combat" | "Actor" | "ChatMessage";
const KINDS: readonly Kind[] = ["Combat", "Actor", "ChatMessage"];

interface Recorded {
  kind: Kind;
  id: string;
}

interface Deletable {
  delete(): Promise<unknown>;
}

function collection(kind: Kind): { get(id: string): unknown } {
  if (kind === "Combat") return game.combats as never;
  if (kind === "Actor") return game.actors as never;
  return game.messages as never;
}

export class Made {
  readonly #records: Recorded[] = [];
  #hooks: [string, number][] = [];

  /** Starts recording the documents this user creates. */
  listen(): void {
    if (this.#hooks.length > 0) return;
    this.#hooks = KINDS.map((kind) => {
      const hook = `create${kind}`;
      const id = Hooks.on(hook as never, ((doc: { id: string | null }, _options: unknown, userId: string) => {
        if (userId === game.user.id && doc.id) this.#records.push({ kind, id: doc.id });
      }) as never);
      return [hook, id];
    });
  }

  stop(): void {
    for (const [hook, id] of this.#hooks) Hooks.off(hook as never, id);
    this.#hooks = [];
  }

  /** How many have been recorded: a flow deletes what was recorded from here on. */
  get size(): number {
    return this.#records.length;
  }

  /**
   * Deletes everything recorded from `from` on that still exists; returns what could not be
   * deleted. Combats first, one at a time (V13's Combat#_onDelete activates the viewed combat, which
   * must not be one being deleted alongside), then, once the fight-end writes they start are done
   * (they write the fighters and may post a card), the actors and cards, all attempted.
   */
  async deleteFrom(from: number): Promise<string[]> {
    const problems: string[] = [];
    const attempt = async (r: Recorded): Promise<void> => {
      const doc = collection(r.kind).get(r.id) as Deletable | undefined;
      if (!doc) return;
      try {
        await doc.delete();
      } catch (e) {
        problems.push(`${r.kind} ${r.id}: ${(e as Error).message}`);
      }
    };
    for (const r of this.#records.slice(from)) if (r.kind === "Combat") await attempt(r);
    await fightEndSettled();
    await Promise.allSettled(this.#records.slice(from).filter((r) => r.kind !== "Combat").map(attempt));
    return problems;
  }
}
