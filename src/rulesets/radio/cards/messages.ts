/** Finding the radio cards already in chat (one prompt, one roll per occasion) and storing results as JSON. */
import type { JsonObject } from "../../../foundry/registry.js";

const RULESET = "radio";

/** Radio cards of this kind whose stored result matches, oldest first. */
export function radioCardsOf(kind: string, match: (result: Record<string, unknown>) => boolean): ChatMessage.Implementation[] {
  return game.messages.filter((m) => {
    const s = m.system as unknown as { ruleset?: string; kind?: string; result?: Record<string, unknown> };
    return m.type === "card" && s.ruleset === RULESET && s.kind === kind && !!s.result && match(s.result);
  }) as ChatMessage.Implementation[];
}

/** A result as the plain JSON a card stores (no undefined, no class instances). */
export const json = (v: unknown): JsonObject => JSON.parse(JSON.stringify(v)) as JsonObject;
