/**
 * The Quench batch's sample: an NPC hood fires a Beretta at a player character. The hood is
 * trained (Fire Combat 12: Primary Chance 8 + 12 = 20, Success Chance 100 at Ease 5), so only a
 * rolled 100 misses; a miss is rolled again (core firstHit), so the batch's Apply always has a
 * wound to apply and undo. Training changes no Speed, so the round flows are unchanged.
 */
import { rollAttack } from "./sheets/attack-dialog.js";
import { buildSetup } from "./sheets/attack-setup.js";
import { defaultChoices } from "./sheets/attack-view.js";
import { firstHit } from "../../foundry/quench/first-hit.js";

/** Misses in a row before the flow fails: at 1 in 100 each, never in practice. */
const TRIES = 5;

export const sample = {
  source: {
    name: "Hood (Fracas sample)",
    type: "bondCharacter",
    system: { npc: true, characteristics: { str: 10, dex: 9, wil: 8, per: 8, int: 7 } },
    items: [
      { name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } },
      { name: "Fire Combat", type: "bondSkill", system: { role: "fireCombat", characteristic1: "dex", characteristic2: "per", level: 12 } },
    ],
  },
  target: {
    name: "Agent (Fracas sample)",
    type: "bondCharacter",
    system: { npc: false, characteristics: { str: 12, dex: 12, wil: 11, per: 12, int: 11 } },
  },
  async roll(source: Actor.Implementation, target: Actor.Implementation): Promise<ChatMessage.Implementation> {
    const weapon = (source.items.contents.find((i) => (i.type as string) === "bondWeapon") as Item.Implementation | undefined) ?? null;
    const setup = buildSetup(source, weapon);
    const attack = async () => {
      const posted = await rollAttack(source, setup, defaultChoices(setup), [{ uuid: target.uuid, name: target.name }]);
      if (!posted) throw new Error("Fracas: the bond sample attack posted no card");
      return posted;
    };
    return firstHit(attack, (result) => result.success === true, TRIES);
  },
};
