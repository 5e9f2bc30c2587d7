/**
 * The chat flow on the Foundry side: roll the pool with Foundry's Roll (`${n}d6`), hand the dice
 * to the kernel (through results.ts), post the card. Agent vs Agent: each side's commit goes to
 * the GM's client only (cards/commits.ts: never a document, since every client receives every
 * message, whispered or not), a public card says only "committed";
 * the GM's Reveal reads both commits, rolls both pools and posts the duel card with both sides.
 */
import type { JsonObject } from "../../../foundry/registry.js";
import { postCard } from "../../../foundry/chat/cards.js";
import { activeTable } from "../../../foundry/tables.js";
import { rulesetOption } from "../../../foundry/settings.js";
import { pluralKey, ruleErrorMessage, t } from "../../../foundry/i18n.js";
import { isRuleError } from "../../../engine/errors.js";
import { lookupUuid } from "../../../foundry/typed.js";
import { calledShotCosts, everyoneElseTn, DEFAULT_TOTAL_MODE, TOTAL_MODES, type TotalMode } from "../rules/index.js";
import { areaRecord, KILLING_SLOT, type AreaEntry, type AreaSlot } from "../data/areas.js";
import type { RollChoice, RollModel } from "./roll-model.js";
import { duelKey, duelRefusal, duelResult, fightResult, killResult, revealCommits, rollSetup, strikeResult, type CombatRef, type DuelCommit, type RollBase } from "./results.js";
import { agentRecordOf } from "./effects.js";
import { commitView, duelView, fightView, killView, strikeView, type CardState } from "./views.js";
import type { Application } from "../../../foundry/data/card-data.js";
import type { DialogTarget } from "../sheets/view.js";
import type { FracasCombat } from "../../../foundry/documents/combat.js";
import { rollingOrder } from "../combat.js";
import { heldCommits, forgetCommits, tellPaid } from "./commits.js";
import { sealWhereHeld } from "./duel-answer.js";
import { wasPaid } from "./paid.js";
import { crowdTarget } from "./crowd-target.js";
import { isCombatantOf, startedCombatOf } from "../../../foundry/documents/combatant-of.js";


export function totalMode(): TotalMode {
  const v = rulesetOption("zodiac", "totalMode", DEFAULT_TOTAL_MODE as string);
  return (TOTAL_MODES as readonly string[]).includes(v) ? (v as TotalMode) : DEFAULT_TOTAL_MODE;
}

export const grids = () => ({ tn: activeTable(everyoneElseTn), shots: activeTable(calledShotCosts) });

/**
 * The started fight this actor is in, as a card records it (id and round): core startedCombatOf,
 * which cards, the sheet's hand edits, the icon sync and Operations' spends all ask.
 */
export function combatRefFor(actor: Actor.Implementation): CombatRef | null {
  const combat = startedCombatOf(actor);
  return combat ? { id: combat.id ?? "", round: combat.round ?? 1 } : null;
}

/** Rolls `n`d6 with Foundry (Dice So Nice sees it); 0 dice rolls nothing. */
export async function rollPool(n: number): Promise<{ roll: Roll | null; dice: number[] }> {
  if (n <= 0) return { roll: null, dice: [] };
  const roll = new Roll(`${n}d6`);
  await roll.evaluate();
  const dice = roll.dice.flatMap((d) => d.results.map((r) => r.result));
  return { roll, dice };
}

interface AgentData {
  areas: Record<string, AreaEntry>;
  agentPoints: { value: number; max: number };
  health: { status: string };
}

function agentData(actor: Actor.Implementation): AgentData {
  return actor.system as unknown as AgentData;
}

async function spendPoints(actor: Actor.Implementation, after: number): Promise<void> {
  if (after !== agentData(actor).agentPoints.value) await actor.update({ "system.agentPoints.value": after } as never);
}

const VIEWS: Record<string, (r: JsonObject, card?: CardState) => unknown> = { kill: killView, strike: strikeView, fight: fightView, duel: duelView, duelCommit: commitView };
const TEMPLATES: Record<string, string> = { kill: "kill", strike: "strike", fight: "fight", duel: "duel", duelCommit: "commit" };

/**
 * A posted card's HTML again, from its result and its current targets and applications (the
 * content is rendered once, at posting; the Setback follow-ups and card-refresh.ts re-render it).
 */
export async function cardContent(message: ChatMessage.Implementation, kind: string, result: JsonObject, applications?: readonly Application[]): Promise<string> {
  const stored = message.system as unknown as { sourceUuid?: string; targets?: { uuid: string; name: string }[]; applications?: Application[] };
  // `applications`: the ones about to be written with this content (CardKind.cardUpdate).
  const sys = applications ? { ...stored, applications: [...applications] } : stored;
  const found = sys.sourceUuid ? await lookupUuid(sys.sourceUuid) : null;
  const source = found instanceof Actor ? { name: found.name, img: found.img, uuid: found.uuid } : null;
  const targets = sys.targets ?? [];
  const card: CardState = { targets, applications: sys.applications ?? [], crowd: kind === "kill" ? await crowdTarget(targets) : null };
  return foundry.applications.handlebars.renderTemplate(`systems/fracas/templates/zodiac/cards/${TEMPLATES[kind]!}.hbs`, {
    result,
    source,
    targets: card.targets,
    view: VIEWS[kind]!(result, card),
  });
}

export async function post(kind: string, source: Actor.Implementation | null, result: JsonObject, rolls: Roll[], targets: { uuid: string; name: string }[]) {
  const card: CardState = { targets, applications: [], crowd: kind === "kill" ? await crowdTarget(targets) : null };
  return postCard({ ruleset: "zodiac", kind, source, result, rolls, targets, context: { view: VIEWS[kind]!(result, card) } });
}

/**
 * Kill, strike or fight: roll now and post the card. Every refusal the kernel makes of this roll
 * (taking someone alive with a called shot, a strike at an Other Agent already dead…) depends on
 * the choice, not the dice: it is found by a dry run on placeholder dice before any Agent Point is
 * spent or die rolled (review-s11 RZ1), as a duel's Reveal does (duelRefusal).
 */
export async function rollAndPost(actor: Actor.Implementation, slot: AreaSlot, choice: RollChoice, model: RollModel, target: DialogTarget | null) {
  const sys = agentData(actor);
  // Seed: "To kill Everyone Else you roll Aries" — the killing slot, whatever its name.
  if (choice.kind === "kill" && slot !== KILLING_SLOT) {
    ui.notifications?.warn(t("FRACAS.Zodiac.Refused.KillRollsKillingArea", { area: sys.areas[KILLING_SLOT]?.name ?? KILLING_SLOT }));
    return undefined;
  }
  const area = sys.areas[slot]!;
  const g = grids();
  const baseWith = (dice: number[]): RollBase => ({
    ...rollSetup(actor, area, choice),
    almostDead: sys.health.status === "almostDead",
    totalMode: totalMode(),
    dice,
    chance: model.chance,
    combat: combatRefFor(actor),
  });
  const resultOf = (base: RollBase): { kind: string; result: JsonObject } => {
    if (choice.kind === "kill") return { kind: "kill", result: killResult({ ...base, captureAlive: choice.captureAlive }, g.tn, g.shots) };
    if (choice.kind === "strike" && target) {
      return { kind: "strike", result: strikeResult({ ...base, target: { uuid: target.uuid, name: target.name, tn: target.tn ?? 0, rank: target.rank ?? 1, accumulated: target.accumulated } }, g.shots) };
    }
    return { kind: "fight", result: fightResult({ ...base, tn: model.tn }) };
  };
  try {
    resultOf(baseWith(Array.from({ length: model.pool }, () => 1)));
  } catch (e) {
    if (!isRuleError(e)) throw e;
    ui.notifications?.warn(t("FRACAS.Zodiac.Refused.BeforeRoll", { reason: ruleErrorMessage(e) }));
    return undefined;
  }
  await spendPoints(actor, model.agentPointsAfter);
  const { roll, dice } = await rollPool(model.pool);
  const { kind, result } = resultOf(baseWith(dice));
  const rolls = roll ? [roll] : [];
  const targets = kind === "fight" || !target ? [] : [{ uuid: target.uuid, name: target.name }];
  return post(kind, actor, result, rolls, targets);
}

/** Agent vs Agent, one side: spend the points now, seal the setup for the GM, announce "committed". */
export async function commitDuel(actor: Actor.Implementation, slot: AreaSlot, choice: RollChoice, model: RollModel, target: DialogTarget) {
  const sys = agentData(actor);
  const area = sys.areas[slot]!;
  const combat = combatRefFor(actor);
  const key = duelKey(actor.uuid, target.uuid, combat);
  const commit: DuelCommit = {
    ...rollSetup(actor, area, choice),
    duelKey: key,
    opponent: { uuid: target.uuid, name: target.name },
    finish: choice.finish,
    agentPointsLeft: sys.agentPoints.value - choice.spend,
    combat,
  };
  // Sealed with the GM first (never in a document: every client receives every message and flag):
  // the GM client holding the challenge it answers, else the active GM (duel-answer.ts).
  // Outside a fight the GM's client names the duel (commits.ts outsideKey): the card carries that key.
  const sealed = await sealWhereHeld(commit);
  if (!sealed.ok) {
    ui.notifications?.warn(t(sealed.reason, { name: actor.name, opponent: target.name, ...(sealed.data ?? {}) }));
    return undefined;
  }
  const before = sys.agentPoints.value;
  await spendPoints(actor, model.agentPointsAfter);
  ui.notifications?.info(t(pluralKey("FRACAS.Zodiac.Duel.Sealed", choice.wagers), { name: actor.name, wagers: choice.wagers, opponent: target.name }));
  // The public card: who committed against whom, never how many (it also marks Mike as having rolled).
  // It carries the commit's own id: the GM's client marks that commit paid, and no other (review s8 F1).
  const announce = { duelKey: sealed.duelKey, commitId: sealed.commitId, actor: { uuid: actor.uuid, name: actor.name }, name: actor.name, opponentName: target.name, round: combat?.round ?? 0, combat };
  const card = await post("duelCommit", actor, announce as unknown as JsonObject, [], []).catch((err: unknown) => {
    console.error("Fracas | zodiac commit: its card was not posted:", err);
    return undefined;
  });
  if (!card) await paidWithoutCard(actor, target, sealed, before - model.agentPointsAfter);
  return card;
}

/**
 * The commit card did not post (a module's preCreateChatMessage refused it, the server failed) after
 * its Agent Points were spent (review s8 F7). The card was the only sign of payment, so the GM's
 * client held the commit unpaid for good: the Reveal said it never reached its player, the Cancel
 * gave nothing back, the points lost. Now the holder is told it was paid (the commit's id), and the
 * duel goes on without its card. When the holder certainly did not mark it paid (not connected, or
 * it answered no), the points are given back here, so "unpaid" is true, and the player is told the
 * GM cancels the duel before committing again. When the notice's fate is unknown (no answer in time:
 * the GM's client may still mark it paid, review s8b G2), nothing is given back, so the commit is
 * never both paid and refunded: the player is told how many points stay spent, and the GMs are told
 * (a whisper without numbers) to settle it at the Cancel if the Reveal says it was never paid.
 */
async function paidWithoutCard(actor: Actor.Implementation, target: DialogTarget, sealed: { commitId: string; holder?: string }, spent: number): Promise<void> {
  const data = { name: actor.name, opponent: target.name };
  const notice = await tellPaid(sealed);
  if (notice === "paid") {
    ui.notifications?.warn(t("FRACAS.Zodiac.Duel.CardNotPostedPaid", data));
    return;
  }
  if (notice === "unknown") {
    ui.notifications?.error(t("FRACAS.Zodiac.Duel.CardNotPostedUnknown", { ...data, points: spent }));
    await tellGmsUnknown(actor, data);
    return;
  }
  const ap = agentData(actor).agentPoints;
  const refunded = await spendPoints(actor, Math.min(ap.max, ap.value + spent)).then(
    () => true,
    (err: unknown) => (console.error("Fracas | zodiac commit: the Agent Points were not given back:", err), false),
  );
  ui.notifications?.error(t(refunded ? "FRACAS.Zodiac.Duel.CardNotPostedRefunded" : "FRACAS.Chat.Failed", data));
}

/**
 * A whisper to the GMs that a commit's payment is unconfirmed (review s8b G2). No numbers: every
 * client receives every message, whispered or not. Logged, not thrown, when it fails too.
 */
async function tellGmsUnknown(actor: Actor.Implementation, data: { name: string; opponent: string }): Promise<void> {
  const whisper = game.users.filter((u) => u.isGM).map((u) => u.id ?? "").filter((id) => id !== "");
  const content = `<p>${foundry.utils.escapeHTML(t("FRACAS.Zodiac.Duel.CardNotPostedUnknownGm", data))}</p>`;
  try {
    await ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor }), whisper } as never);
  } catch (err) {
    console.error("Fracas | zodiac commit: the GMs could not be told the payment is unconfirmed:", err);
  }
}

/** Every sealed commit this client holds (only the GM's client holds any). */
export function readCommits(): DuelCommit[] {
  return heldCommits();
}

/** Is there a duel card of this key (a Reveal posted it)? */
export function alreadyRevealed(key: string): boolean {
  return game.messages.some((m) => {
    const s = m.system as unknown as { ruleset?: string; kind?: string; result?: { duelKey?: string } };
    return m.type === "card" && s.ruleset === "zodiac" && s.kind === "duel" && s.result?.duelKey === key;
  });
}

/** One side of a revealed duel: its commit and its Agent. */
type DuelSide = { commit: DuelCommit; actor: Actor.Implementation };

function rollingSides(sides: [DuelSide, DuelSide]): [DuelSide, DuelSide] {
  const ref = sides[0].commit.combat;
  const combat = ref ? (game.combats?.get(ref.id) as unknown as FracasCombat | undefined) : undefined;
  if (!combat) return sides;
  const order = rollingOrder(combat.combatantInfos(), combat.fracas.memory);
  // This duel's fight (the commit's), not whichever the core's combatOf would pick first.
  const place = (side: DuelSide) => {
    const id = [...combat.combatants].find((x) => isCombatantOf(x, side.actor))?.id ?? "";
    const i = order.indexOf(id);
    return i < 0 ? order.length : i;
  };
  return place(sides[1]) < place(sides[0]) ? [sides[1], sides[0]] : sides;
}

/**
 * Reveals and cancels (duel-cancel.ts) on this client, one at a time: a double click on Reveal
 * cannot roll the same commits twice, and a Cancel cannot give back the Agent Points of commits a
 * Reveal is rolling.
 */
let revealing: Promise<unknown> = Promise.resolve();

/** Runs `fn` after every reveal or cancel already started on this client. */
export function oneDuelAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = revealing.catch(() => undefined).then(fn);
  revealing = run.catch(() => undefined);
  return run;
}

/**
 * GM: reveal both commits together, roll both pools, post the duel card (follow-up "reveal").
 * "Already revealed" is said only when no commit for this duel is held any more (a reveal forgets
 * its commits): the same two Agents may fight again under the same key — twice in one round, and
 * outside a fight in commits kept before each duel there had its own key (commits.ts outsideKey)
 * — and before, that second duel could never be revealed, its Agent Points spent and its commits stuck.
 */
export function revealDuel(key: string): Promise<ChatMessage.Implementation | undefined> {
  return oneDuelAtATime(() => revealOutcome(key)).then((outcome) => {
    if (outcome.ok) return outcome.message;
    tellRevealRefused(outcome);
    return undefined;
  });
}

/**
 * Why a Reveal rolled nothing, told to whoever asked: here, or on another GM's client that asked
 * this one (duel-remote.ts). `nested` is the kernel's reason inside `Duel.RevealRefused`, localized
 * where it is shown.
 */
export interface RevealRefused {
  ok: false;
  reason: string;
  level: "warn" | "info";
  data?: Record<string, string | number>;
  nested?: { key: string; data: Record<string, string | number> };
}

export type RevealOutcome = { ok: true; message: ChatMessage.Implementation | undefined } | RevealRefused;

/** Shows a refused Reveal on this client. */
export function tellRevealRefused(r: Omit<RevealRefused, "ok">): void {
  const data = { ...(r.data ?? {}), ...(r.nested ? { reason: t(r.nested.key, r.nested.data) } : {}) };
  if (r.level === "info") ui.notifications?.info(t(r.reason, data));
  else ui.notifications?.warn(t(r.reason, data));
}

const refusedReveal = (reason: string, data?: Record<string, string | number>, nested?: RevealRefused["nested"]): RevealRefused => ({ ok: false, reason, level: "warn", ...(data ? { data } : {}), ...(nested ? { nested } : {}) });

/** The Reveal itself, on the client that holds the commits (call it inside oneDuelAtATime). */
export async function revealOutcome(key: string): Promise<RevealOutcome> {
  if (!game.user.isGM) return refusedReveal("FRACAS.Zodiac.Duel.GMReveals");
  const held = readCommits().filter((c) => c.duelKey === key);
  if (held.length === 0 && alreadyRevealed(key)) return refusedReveal("FRACAS.Zodiac.Duel.AlreadyRevealed");
  const { reveal, sides } = revealCommits(key, held);
  if (!reveal.revealed) {
    const waiting = reveal.waiting.map((u) => sides.find((s) => s.opponent.uuid === u)?.opponent.name ?? u).join(", ");
    return { ok: false, reason: "FRACAS.Zodiac.Duel.Waiting", level: "info", data: { names: waiting } };
  }
  const [first, second] = sides as [DuelCommit, DuelCommit];
  const firstActor = (await lookupUuid(first.actor.uuid)) as Actor.Implementation | null;
  const secondActor = (await lookupUuid(second.actor.uuid)) as Actor.Implementation | null;
  // A side's Agent deleted since it committed (hard to break, scenario 1): named, with what the GM can
  // do; the commits stay held, so the Cancel gives the remaining side's Agent Points back.
  if (!firstActor || !secondActor) {
    const [gone, other] = firstActor ? [second, first] : [first, second];
    return refusedReveal("FRACAS.Zodiac.Duel.SideGone", { name: gone.actor.name, other: other.actor.name });
  }
  // A side whose commit was never paid (review s7c F3: the GM's answer never reached its player,
  // who was told the commit failed and spent no Agent Points; no commit card announces it) would
  // roll the dice it gathered for free. Refused, naming it; the commits stay held for the Cancel,
  // which gives back only what was paid. A card posted since (the answer was only slow) counts.
  const unpaid = [first, second].find((c) => !wasPaid(c));
  if (unpaid) return refusedReveal("FRACAS.Zodiac.Duel.SideUnpaid", { name: unpaid.actor.name });
  // Both sides roll in Operations' order (the combat's rolling order), else in commit order.
  const [{ commit: a, actor: actorA }, { commit: b, actor: actorB }] = rollingSides([
    { commit: first, actor: firstActor },
    { commit: second, actor: secondActor },
  ]);
  // The record carries the fight its Almost Dead round was counted in (duel-round.ts healthForDuel).
  const state = (x: Actor.Implementation) => ({ areas: areaRecord(agentData(x).areas), health: agentRecordOf(x.system as unknown as JsonObject) });
  const states = { a: state(actorA), b: state(actorB) };
  // A duel the rules refuse whatever the dice (a finishing Wager too soon, say): said before any die
  // is rolled, the commits kept for the GM to cancel (Agent Points back) rather than a bare failure.
  const refused = duelRefusal(a, b, states, totalMode(), grids().shots);
  if (refused) return refusedReveal("FRACAS.Zodiac.Duel.RevealRefused", undefined, { key: `FRACAS.Error.${refused.code}`, data: (refused.data ?? {}) as Record<string, string | number> });
  const rollA = await rollPool(a.area + a.gathered - a.wagers);
  const rollB = await rollPool(b.area + b.gathered - b.wagers);
  const result = duelResult(a, b, states, { a: rollA.dice, b: rollB.dice }, totalMode(), grids().shots);
  result.duelKey = key;
  const rolls = [rollA.roll, rollB.roll].filter((r): r is Roll => r !== null);
  const card = await post("duel", actorA, result, rolls, [
    { uuid: a.actor.uuid, name: a.actor.name },
    { uuid: b.actor.uuid, name: b.actor.name },
  ]);
  forgetCommits(key);
  return { ok: true, message: card };
}
