/**
 * What the batch must give back to the world it ran in: which combats were active and which one the
 * tracker showed, and the GM pools.
 * - Deleting a combat makes V13 activate the viewed one (Combat#_onDelete: `viewed?.activate()`,
 *   client/documents/combat.mjs), and the tracker, shown nothing, infers the active or most recently
 *   changed combat (CombatTracker#_configureRenderOptions): a world's own encounter became active.
 * - A Zodiac Apply or Undo writes the Setback pool (the world setting `fracas.gmPools`): ledger
 *   entries the world never played.
 */
import { SYSTEM_ID } from "../settings.js";

interface CombatLike {
  id: string | null;
  active: boolean;
  update(data: object): Promise<unknown>;
}

interface Tracker {
  viewed: CombatLike | null;
  render(options?: object): Promise<unknown>;
}

/** The sidebar's combat tracker (absent before the UI is set up). */
function tracker(): Tracker | undefined {
  return (globalThis as { ui?: { combat?: Tracker } }).ui?.combat;
}

function combats(): CombatLike[] {
  return [...(game.combats as unknown as Iterable<CombatLike>)];
}

export interface CombatState {
  active: string[];
  viewed: string | null;
}

export function recordCombats(): CombatState {
  return { active: combats().filter((c) => c.active && c.id).map((c) => c.id!), viewed: tracker()?.viewed?.id ?? null };
}

/** Puts the world's combats back as recorded: each active flag, then the tracker's viewed combat. */
export async function restoreCombats(state: CombatState): Promise<void> {
  for (const c of combats()) if (c.active && !state.active.includes(c.id ?? "")) await c.update({ active: false });
  for (const c of combats()) if (!c.active && state.active.includes(c.id ?? "")) await c.update({ active: true });
  const ui = tracker();
  if (!ui) return;
  const viewed = combats().find((c) => c.id === state.viewed) ?? null;
  if (ui.viewed !== viewed) {
    ui.viewed = viewed;
    await ui.render();
  }
}

export function readPools(): unknown {
  return foundry.utils.deepClone(game.settings.get(SYSTEM_ID, "gmPools"));
}

/** Writes the pools back when a flow changed them (the flows run alone: no other pool write is in flight). */
export async function restorePools(before: unknown): Promise<void> {
  if (JSON.stringify(game.settings.get(SYSTEM_ID, "gmPools")) === JSON.stringify(before)) return;
  await game.settings.set(SYSTEM_ID, "gmPools", before as never);
}
