/** The side-initiative panel under the tracker's plan. Pure: the panel and the browser fixtures both call it. */
import { heroView } from "../data/state.js";
import { sideOf } from "../combat.js";
import { finiteOr0 } from "./view-format.js";

const L = "FRACAS.Faserip";

/**
 * The side-initiative panel under the tracker's plan: each side's d10 + bonus = total, winner
 * first, then any side with nobody standing at the round's start (it rolled nothing).
 *
 * `isGM`: who reads it. A hidden combatant (V13's Combatant#hidden) is left out of the tracker
 * for players, so a hidden leader's name is left out of their panel too (an ambusher would be
 * named before he appears). His Intuition still sets the side's bonus (the rule), and the
 * side's total stays public.
 */
export function sidesPanelView(input: { combatMemory: Record<string, unknown>; combatants: { id: string; name: string; system: unknown; isPC: boolean; hidden?: boolean }[]; isGM?: boolean }) {
  const mode = typeof input.combatMemory["mode"] === "string" ? input.combatMemory["mode"] : "seed";
  const stored = Array.isArray(input.combatMemory["sides"]) ? (input.combatMemory["sides"] as unknown[]) : [];
  const rolled = stored.flatMap((raw, i) => {
    const s = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const id = s["id"] === "heroes" || s["id"] === "villains" ? s["id"] : null;
    if (!id) return [];
    const members = input.combatants.filter((c) => sideOf({ system: c.system as never, isPC: c.isPC }) === id);
    // The member whose Intuition set the bonus: kept at the round start (only who stood then
    // counted); a memory from before that was kept falls back to the highest of all members.
    const kept = typeof s["leader"] === "string" ? members.find((c) => c.id === s["leader"]) : undefined;
    const leader =
      kept ??
      members.reduce<{ name: string; intuition: number; hidden?: boolean } | null>((best, c) => {
        const intuition = heroView(c.system).abilities.intuition;
        return !best || intuition > best.intuition ? { name: c.name, intuition, hidden: c.hidden } : best;
      }, null);
    const named = leader && (input.isGM === true || leader.hidden !== true) ? leader.name : "";
    const rerolls = Array.isArray(s["rerolls"]) ? (s["rerolls"] as unknown[]).filter((r): r is number => typeof r === "number") : [];
    return [
      {
        id,
        label: `${L}.Side.${id}`,
        roll: finiteOr0(s["roll"]),
        bonus: finiteOr0(s["bonus"]),
        total: finiteOr0(s["total"]),
        rerolls: rerolls.join(", "),
        leader: mode !== "plain" ? named : "",
        first: i === 0,
        fallen: false,
      },
    ];
  });
  const fallenIds = Array.isArray(input.combatMemory["fallen"]) ? (input.combatMemory["fallen"] as unknown[]) : [];
  const fallen = fallenIds
    .filter((id): id is "heroes" | "villains" => (id === "heroes" || id === "villains") && !rolled.some((r) => r.id === id))
    .map((id) => ({ id, label: `${L}.Side.${id}`, roll: 0, bonus: 0, total: 0, rerolls: "", leader: "", first: false, fallen: true }));
  const sides = [...rolled, ...fallen];
  return { modeLabel: `FRACAS.Settings.faserip.initiative.Choices.${mode === "plain" || mode === "advanced" ? mode : "seed"}`, sides, empty: sides.length === 0 };
}
