/** Shared set-up for the bond integration tests in the typed Foundry fake. */
import { installFoundry, loadAdapter, type Adapter, type FakeActor, type FakeChatMessage, type FakeWorld } from "../../../foundry/fake/index.js";
import type { Application } from "../../../../src/foundry/data/card-data.js";

export const pcChars = { str: 12, dex: 14, wil: 13, per: 13, int: 12 };
export const npcChars = { str: 10, dex: 9, wil: 8, per: 8, int: 7 };
export const pool = (value: number) => ({ value, max: null, base: value, entries: [] });

/** The brute: a strong PC (STR 18, WIL 10; H-t-H Shake Off allowed), Speed 1. */
export const bruteChars = { str: 18, dex: 8, wil: 10, per: 8, int: 8 };
/** A quicker thug than npcChars (H-t-H ⌊(10 + 12)/2⌋ = 11, Speed 2): no Speed tie with the brute when a combat starts. */
export const quickThugChars = { str: 10, dex: 12, wil: 8, per: 11, int: 7 };
export const beretta = { name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } };

/** Alice's brute (bruteChars), `heroPoints` Hero Points. */
export const createBrute = (world: FakeWorld, heroPoints = 3, name = "Brute") =>
  world.createActor({ name, type: "bondCharacter", system: { characteristics: bruteChars, heroPoints: pool(heroPoints) }, ownership: { alice: 3 } });
/** Bob's Felix Leiter (pcChars, 2 Hero Points). */
export const createFelix = (world: FakeWorld) =>
  world.createActor({ name: "Felix Leiter", type: "bondCharacter", system: { characteristics: pcChars, heroPoints: pool(2) }, ownership: { bob: 3 } });
/** The GM's thug: npcChars (H-t-H 9, Speed 1), or quickThugChars (Speed 2). */
export const createThug = (world: FakeWorld, quick = false) =>
  world.createActor({ name: "Thug", type: "bondCharacter", system: { npc: true, characteristics: quick ? quickThugChars : npcChars } });
/** The GM's Hood (npcChars) with a Beretta (Fire Combat, DC E). */
export const createHood = (world: FakeWorld) => world.createActor({ name: "Hood", type: "bondCharacter", system: { npc: true, characteristics: npcChars }, items: [beretta] });

export interface BruteWorldOptions {
  /** The brute's Hero Points (default 3). */
  bruteHeroPoints?: number;
  /** Also Bob (a player) and his Felix Leiter (2 Hero Points). */
  felix?: boolean;
  /** The thug with quickThugChars (Speed 2) instead of npcChars (Speed 1). */
  quickThug?: boolean;
  /** Also the GM's Hood with a Beretta. */
  hood?: boolean;
  /** The world setting: any player character may spend Hero Points for a target (bond.heroPoints). */
  anyPcHeroPoints?: boolean;
}

export type BruteWorld<O extends BruteWorldOptions> = { world: FakeWorld; adapter: Adapter; brute: FakeActor; thug: FakeActor } & (O extends { felix: true }
  ? { felix: FakeActor }
  : unknown) &
  (O extends { hood: true } ? { hood: FakeActor } : unknown);

/**
 * The Brute/Felix/Thug world most attack-card tests share: the fake installed and the adapter loaded,
 * Alice (and Bob with `felix`) as players, then — in this order — Alice's brute, Bob's Felix, the
 * GM's thug and the GM's Hood. The current user is left as installFoundry leaves it.
 */
export async function bruteWorld<const O extends BruteWorldOptions>(opts: O = {} as O): Promise<BruteWorld<O>> {
  const world = installFoundry();
  const adapter = await loadAdapter();
  if (opts.anyPcHeroPoints) world.settings.seed("fracas", "bond.heroPoints", "anyPlayerCharacter");
  world.addUser({ id: "alice", name: "Alice", isGM: false });
  if (opts.felix) world.addUser({ id: "bob", name: "Bob", isGM: false });
  const brute = createBrute(world, opts.bruteHeroPoints ?? 3);
  const felix = opts.felix ? createFelix(world) : undefined;
  const thug = createThug(world, opts.quickThug === true);
  const hood = opts.hood ? createHood(world) : undefined;
  return { world, adapter, brute, thug, ...(felix ? { felix } : {}), ...(hood ? { hood } : {}) } as BruteWorld<O>;
}

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
  // The rest of ux (FormDataExtended: a dialog's typed values) stays.
  ns.ux = { ...(ns.ux as object | undefined), TextEditor: { implementation: { enrichHTML: async (s: string) => `${s}${ENRICHED}` } } };
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

type SheetHandler = (this: unknown, event: unknown, target: unknown) => Promise<void>;
const unescapeHtml = (html: string) => html.replaceAll("&#x3D;", "=").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

/**
 * `actor`'s real character sheet as `user` sees it (editable, as V13 decides, for the actor's
 * owners and the GM). `context` and `html` are the rendered sheet; `click` runs one of its actions as `user`.
 */
export async function characterSheet(world: FakeWorld, actor: FakeActor, user: string) {
  const { BondCharacterSheet } = await import("../../../../src/rulesets/bond/sheets/character-sheet.js");
  world.login(user);
  const sheet = new BondCharacterSheet({ document: actor } as never);
  const actions = (BondCharacterSheet.DEFAULT_OPTIONS as unknown as { actions: Record<string, SheetHandler> }).actions;
  const context = (await (sheet as unknown as { _prepareContext(o: unknown): Promise<Record<string, unknown>> })._prepareContext({})) as Record<string, unknown>;
  const html = unescapeHtml(await foundry.applications.handlebars.renderTemplate("systems/fracas/templates/bond/sheets/character.hbs", context));
  return {
    /** The sheet; `submitForm` is the fake's test entry for a form submit (the sheet's own processing, then the write). */
    sheet: sheet as typeof sheet & { submitForm(fields: Record<string, unknown>): Promise<void> },
    context,
    html,
    click: (action: string, dataset: Record<string, string> = {}) => {
      world.login(user);
      return actions[action]!.call(sheet, {}, { dataset });
    },
  };
}

/**
 * The GM advances the started combat's tracker until it stands on `actor`'s action step (a player
 * attacks in their own step: sheets/attack-turn.ts). Logs in as the GM; fails if no such step comes.
 */
export async function toActionStep(world: FakeWorld, combat: unknown, actor: FakeActor): Promise<void> {
  world.login("gm");
  const fc = combat as { fracas: { plan: { steps: { combatantId: string; kind: string }[] }; step: number }; advance(): Promise<void>; combatants: Iterable<{ id: string; actorId: string }> };
  const id = [...fc.combatants].find((c) => c.actorId === actor.id)?.id;
  for (let i = 0; i < 40; i++) {
    const at = fc.fracas.plan.steps[fc.fracas.step];
    if (at?.kind === "act" && at.combatantId === id) return;
    await fc.advance();
  }
  throw new Error(`no action step for ${actor.name}`);
}
