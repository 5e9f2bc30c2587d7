/**
 * What Fracas changes of V13's defaults, checked once with the first enabled ruleset's sample:
 * linked player-character tokens, a new item's picture, another ruleset's item refused, one Rules
 * tables window, and the roll mode followed by a card.
 */
import { defaultArtOf } from "../rulesets.js";
import { RulesTablesApp } from "../settings/rules-tables-app.js";
import { isPlayerCharacter } from "../documents/actor.js";
import { ITEM_TYPES, RULESET_IDS } from "../../rulesets/types.js";
import type { RulesetDescriptor } from "../registry.js";
import type { QuenchAssert, QuenchContext } from "./context.js";
import type { Batch } from "./batch.js";

interface Node {
  querySelector(selector: string): Node | null;
  contains(other: Node): boolean;
  value?: string;
}

/** The Rules tables' form part: V13 replaces each part's element at every redraw (HandlebarsApplication#_replaceHTML). */
function formPart(app: RulesTablesApp): Node | null {
  return (app.element as unknown as Node | null)?.querySelector('[data-application-part="form"]') ?? null;
}

function openRulesTables(): RulesTablesApp | undefined {
  return [...foundry.applications.instances.values()].find((a): a is RulesTablesApp => a instanceof RulesTablesApp);
}

const TYPED = "quench: typed, not saved";

/**
 * A second Rules tables (the settings button makes a new one at each click) is the open window,
 * brought to the front: its form is not redrawn and a cell being typed keeps its value. A window
 * the tester already had open is checked without typing into it, and left open.
 */
async function checkRulesTables(assert: QuenchAssert): Promise<void> {
  const open = openRulesTables();
  const first = new RulesTablesApp();
  try {
    if (!open) await first.render({ force: true } as never);
    const part = formPart(first);
    assert.ok(part, "the Rules tables form is drawn");
    const cell = open ? null : (part!.querySelector('input[type="text"][name]') ?? null);
    if (cell) cell.value = TYPED;
    const second = new RulesTablesApp();
    await second.render({ force: true } as never);
    assert.ok(second === first, "a second Rules tables is the open window");
    assert.ok(formPart(first) === part, "brought to the front, not redrawn");
    if (cell) {
      assert.ok(part!.contains(cell), "the cell being typed is still in the form");
      assert.strictEqual(cell.value, TYPED, "and keeps what was typed");
    }
  } finally {
    if (!open) await first.close();
  }
}

export function defaultsFlow({ it, assert }: QuenchContext, batch: Batch, d: RulesetDescriptor): void {
  const sample = d.sample!;
  it(
    "links a player character's token, gives a new item its picture, refuses another ruleset's item, reuses an open Rules tables window, follows the roll mode",
    batch.flow(async () => {
      const actors = (await Actor.createDocuments([sample.source, sample.target] as never)) as Actor.Implementation[];
      const mode = game.settings.get("core", "rollMode");
      try {
        for (const actor of actors) {
          const judged = isPlayerCharacter(actor.type, actor.system, actor.hasPlayerOwner);
          assert.strictEqual(actor.prototypeToken.actorLink, judged, `${actor.name}: a linked token exactly when it is a player's character`);
        }
        const own = ITEM_TYPES[d.id][0];
        const art = defaultArtOf(own);
        if (art) {
          const [item] = (await actors[0]!.createEmbeddedDocuments("Item", [{ name: "Quench picture", type: own }] as never)) as Item.Implementation[];
          assert.strictEqual(item?.img, art, "a new item starts with a picture of its kind");
        }
        const foreign = RULESET_IDS.filter((r) => r !== d.id).flatMap((r) => [...ITEM_TYPES[r]])[0];
        if (foreign) {
          const made = await actors[0]!.createEmbeddedDocuments("Item", [{ name: "Quench foreign item", type: foreign }] as never);
          assert.strictEqual(made?.length ?? 0, 0, "another ruleset's item is refused");
        }
        await checkRulesTables(assert);
        await game.settings.set("core", "rollMode", "gmroll" as never);
        const card = await sample.roll(actors[0]!, actors[1]!);
        const gms = game.users.filter((u) => u.isGM).map((u) => u.id);
        assert.deepStrictEqual([...(card.whisper ?? [])].sort(), gms.sort(), "a private GM roll's card is whispered to the GMs");
      } finally {
        await game.settings.set("core", "rollMode", mode as never);
      }
    }),
  );
}
