/** The side-initiative panel under the tracker's plan. Pure: the panel and the browser fixtures both call it. */
import { heroView } from "../data/state.js";
import { sideOf } from "../combat.js";
import { finiteOr0 } from "./view-format.js";

const L = "FRACAS.Faserip";

/**
 * The side-initiative panel under the tracker's plan: each side's d10 + bonus = total, winner
 * first, then any side with nobody standing at the round's start (it rolled nothing).
 */
export function sidesPanelView(input: { combatMemory: Record<string, unknown>; combatants: { id: string; name: string; system: unknown; isPC: boolean }[] }) {
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
      members.reduce<{ name: string; intuition: number } | null>((best, c) => {
        const intuition = heroView(c.system).abilities.intuition;
        return !best || intuition > best.intuition ? { name: c.name, intuition } : best;
      }, null);
    const rerolls = Array.isArray(s["rerolls"]) ? (s["rerolls"] as unknown[]).filter((r): r is number => typeof r === "number") : [];
    return [
      {
        id,
        label: `${L}.Side.${id}`,
        roll: finiteOr0(s["roll"]),
        bonus: finiteOr0(s["bonus"]),
        total: finiteOr0(s["total"]),
        rerolls: rerolls.join(", "),
        leader: mode !== "plain" && leader ? leader.name : "",
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
