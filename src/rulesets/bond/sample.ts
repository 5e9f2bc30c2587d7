/** The Quench batch's sample: an NPC hood fires a Beretta at a player character. */
import { rollAttack } from "./sheets/attack-dialog.js";
import { buildSetup } from "./sheets/attack-setup.js";
import { defaultChoices } from "./sheets/attack-view.js";

export const sample = {
  source: {
    name: "Hood (Fracas sample)",
    type: "bondCharacter",
    system: { npc: true, characteristics: { str: 10, dex: 9, wil: 8, per: 8, int: 7 } },
    items: [{ name: "Beretta", type: "bondWeapon", system: { attackKind: "fire", damageClass: "E" } }],
  },
  target: {
    name: "Agent (Fracas sample)",
    type: "bondCharacter",
    system: { npc: false, characteristics: { str: 12, dex: 12, wil: 11, per: 12, int: 11 } },
  },
  async roll(source: Actor.Implementation, target: Actor.Implementation): Promise<ChatMessage.Implementation> {
    const weapon = (source.items.contents[0] as Item.Implementation | undefined) ?? null;
    const setup = buildSetup(source, weapon);
    const posted = await rollAttack(source, setup, defaultChoices(setup), [{ uuid: target.uuid, name: target.name }]);
    if (!posted) throw new Error("Fracas: the bond sample attack posted no card");
    return posted;
  },
};
