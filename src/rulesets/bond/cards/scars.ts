/**
 * Scars on a bond character: the Scar Location Chart roll (the sheet's button, and the attack
 * card's GM scar roll, D36) and D40's removal of a scar whose wound no longer may scar.
 */
import { activeTable } from "../../../foundry/tables.js";
import type { JsonObject } from "../../../foundry/registry.js";
import { resolveScar, scarLocationTable } from "../rules/index.js";
import { finalAttack, type AttackCardResult } from "./effects.js";
import { bondSystem, postNote, rollDie } from "./notes.js";

/**
 * Rolls the Scar Location Chart and records the scar (+20 Fame if visible), with the attack it
 * was rolled for ("" from the sheet's own button), so that a wound lowered afterwards can take it back.
 */
export async function addScar(actor: Actor.Implementation, attackId = "", whisper: readonly string[] = []): Promise<void> {
  const sys = bondSystem(actor);
  if (!sys) return;
  const { roll, total } = await rollDie("1d10");
  const s = resolveScar(total, activeTable(scarLocationTable));
  await actor.update({ "system.scars": [...sys.scars, { ...s, attackId }], "system.fame": Math.min(99999, sys.fame + s.fame) } as never);
  await postNote(actor, s.visible ? "FRACAS.Bond.Note.ScarVisible" : "FRACAS.Bond.Note.Scar", {
    name: actor.name,
    location: game.i18n.localize(`FRACAS.Bond.Scar.${s.location}`),
    fame: s.fame,
  }, [roll], whisper);
}

/**
 * D40: a scar rolled for this attack while its wound could scar goes again when the wound as it
 * now lands on the target — after Hero Points spent since, or a Shake Off — no longer may scar
 * (`scarPossible`: below Medium). Removed at once, with the Fame it gave, and a chat note says so,
 * so the GM need not notice and undo it by hand. Scars from the sheet's button (no attack) stay.
 * `whisper`: the attack card's recipients (cardWhisper), so a private attack's note stays private.
 */
export async function dropStaleScar(target: Actor.Implementation, result: AttackCardResult, whisper: readonly string[] = []): Promise<void> {
  const sys = bondSystem(target);
  if (!sys) return;
  const stale = sys.scars.filter((s) => s.attackId === result.attackId && result.attackId !== "");
  if (stale.length === 0) return;
  const now = finalAttack(result, target.system as unknown as JsonObject);
  if (now.scarPossible) return;
  const fame = stale.reduce((n, s) => n + s.fame, 0);
  await target.update({ "system.scars": sys.scars.filter((s) => !stale.includes(s)), "system.fame": Math.max(0, sys.fame - fame) } as never);
  for (const s of stale) {
    await postNote(target, s.fame > 0 ? "FRACAS.Bond.Note.ScarRemovedVisible" : "FRACAS.Bond.Note.ScarRemoved", {
      name: target.name,
      wound: game.i18n.localize(`FRACAS.Bond.Wound.${now.woundLevel}`),
      location: game.i18n.localize(`FRACAS.Bond.Scar.${s.location}`),
      fame: s.fame,
    }, [], whisper);
  }
}
