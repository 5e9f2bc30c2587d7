/** Shared set-up for the bond integration tests in the typed Foundry fake. */
import type { Adapter, FakeActor, FakeChatMessage, FakeWorld } from "../../../foundry/fake/index.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";

export const pcChars = { str: 12, dex: 14, wil: 13, per: 13, int: 12 };
export const npcChars = { str: 10, dex: 9, wil: 8, per: 8, int: 7 };
export const pool = (value: number) => ({ value, max: null, base: value, entries: [] });

export type Card = { kind: string; applications: Application[]; result: Record<string, unknown>; targets: { uuid: string }[] };
export const cardOf = (m: FakeChatMessage) => m.system as unknown as Card;

export interface WoundView {
  level: string;
  stunRollPending: boolean;
  stunRounds: number;
  woundRollPending: boolean;
  unconsciousHours: number;
  knockedOut: boolean;
}
export const wound = (a: FakeActor) => (a.system as unknown as { wound: WoundView }).wound;
export const heroPoints = (a: FakeActor) => (a.system as unknown as { heroPoints: { value: number; entries: { reason: string; by: string; delta: number }[] } }).heroPoints;
export const responses = (a: FakeActor) => (a.system as unknown as { attackResponses: Record<string, { heroPoints?: number; draw?: { first: string; messageId: string } }> }).attackResponses;

export async function bondModules() {
  const dialog = await import("../../../../src/rulesets/bond/sheets/attack-dialog.js");
  const setup = await import("../../../../src/rulesets/bond/sheets/attack-setup.js");
  const view = await import("../../../../src/rulesets/bond/sheets/attack-view.js");
  const recovery = await import("../../../../src/rulesets/bond/cards/recovery.js");
  return { ...dialog, ...setup, ...view, ...recovery };
}

/**
 * `attacker` (as `user`) attacks `targets` with its first item, or unarmed; `d100` then the D6
 * kept for hours unconscious. `blow` picks a Specific Blow.
 */
export async function attack(world: FakeWorld, user: string, attacker: FakeActor, targets: FakeActor[], d100: number, d6: number, opts: { weapon?: boolean; blow?: "" | "knockout" | "disarm" | "trip" | "restrain" } = {}): Promise<FakeChatMessage> {
  const m = await bondModules();
  world.login(user);
  for (const t of targets) world.target(user, t);
  world.dice.queue(d100, d6);
  const weapon = opts.weapon === false ? null : (attacker.items.contents[0] ?? null);
  const s = m.buildSetup(attacker as never, weapon as never);
  const choices = { ...m.defaultChoices(s), specificBlow: opts.blow ?? "" };
  const posted = await m.rollAttack(attacker as never, s, choices, targets.map((t) => ({ uuid: t.uuid, name: t.name })));
  world.users.get(user)!.targets.clear();
  return posted as unknown as FakeChatMessage;
}

/** The data-args of a gmFollowUp button on a card (as the browser would read them from the attribute). */
export function buttonArgs(content: string, followUp: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const re = new RegExp(`data-fracas-follow-up="${followUp}" data-args="([^"]*)"`, "g");
  for (const match of content.matchAll(re)) {
    const decoded = match[1]!.replace(/&quot;/g, '"').replace(/&#x3D;/g, "=").replace(/&#x27;/g, "'").replace(/&amp;/g, "&");
    out.push(JSON.parse(decoded) as Record<string, unknown>);
  }
  return out;
}

/**
 * The fake has no TextEditor: stand in for enrichHTML, marking its output so a test can tell the
 * enriched form (shown) from the raw HTML (edited). The sheets enrich their HTMLFields on every render.
 */
export const ENRICHED = "<!--enriched-->";
export function standInEnrichHTML(): void {
  const ns = foundry.applications as unknown as Record<string, unknown>;
  ns.ux = { TextEditor: { implementation: { enrichHTML: async (s: string) => `${s}${ENRICHED}` } } };
}

/** A click on one of an attack card's follow-up buttons (Hero Point, Shake Off, knockout…) for `target`. */
export function clickAttackFollowUp(adapter: Adapter, name: string, message: FakeChatMessage, target: FakeActor) {
  const kind = adapter.rulesets.descriptor("bond")!.cards!.attack!;
  return kind.followUps![name]!({ message: message as never, result: cardOf(message).result as never, button: { dataset: { targetUuid: target.uuid } } as never });
}

/**
 * Runs `meanwhile` the first time a claim is sent to the GM, before the GM's client handles it: in
 * Foundry the claim is a query to the GM, and anything the GM's client handles first (e.g. another
 * player's Hero Point query) lands before the claim is written and the clicking client rolls.
 */
export function duringClaim(world: FakeWorld, meanwhile: () => Promise<unknown>): void {
  const gm = world.users.get("gm")!;
  const query = gm.query.bind(gm);
  let done = false;
  gm.query = (async (name: string, data: unknown, options?: { timeout?: number }) => {
    if (name === "fracas.claim" && !done) {
      done = true;
      await meanwhile();
    }
    return query(name, data, options);
  }) as typeof gm.query;
}
