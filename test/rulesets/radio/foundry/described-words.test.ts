// UX audit s15 finding 2: tokens are earned only for a description of DESCRIBED_MIN_WORDS (5) words
// or more, but the attack dialog's hint said "A described action earns 2 tokens" whatever was typed,
// so "Shoot from the car" (4 words) earned nothing and nothing said why. The hint now states the
// rule, and a line under it counts the description as it is typed.
import { describe, expect, it, vi } from "vitest";
import { radioRenderer, text } from "./render.js";
import { attackView, DESCRIBED_MIN_WORDS, describedWords, initialState } from "../../../../src/rulesets/radio/sheets/attack-view.js";
import { attackSetupSample } from "./samples.js";
import { createFalzetti, createJake, radioModules, radioWorld } from "./fight.js";

const { render } = radioRenderer();
const odds = (description: string, action: "standard" | "frenzied" = "standard"): string => {
  const setup = attackSetupSample();
  return text(render("attack-odds", { context: { view: attackView(setup, { ...initialState(setup), weaponId: "rev", action, description }) } }));
};

describe("the token hint states the word rule and counts the description", () => {
  it("counts words as the rule does (runs of spaces, leading and trailing ones, are not words)", () => {
    expect(DESCRIBED_MIN_WORDS).toBe(5);
    expect(describedWords("")).toBe(0);
    expect(describedWords("   ")).toBe(0);
    expect(describedWords("  Shoot  from\nthe car ")).toBe(4);
  });

  it("an empty or 4-word description: the rule, and how many words are still missing", () => {
    expect(odds("")).toContain("A description of 5 or more words earns 2 tokens. 0 of 5 words: no tokens yet.");
    expect(odds("Shoot from the car")).toContain("A description of 5 or more words earns 2 tokens. 4 of 5 words: no tokens yet.");
    expect(odds("Shoot from the car")).not.toContain("A described action earns");
  });

  it("5 words or more: says they are enough, in the singular for a 1-token action", () => {
    expect(odds("Shoot from the car window")).toContain("5 words: enough to earn the tokens.");
    expect(odds("Jake empties the revolver at the crates", "frenzied")).toContain("A description of 5 or more words earns 1 token. 7 words: enough to earn the token.");
    expect(odds("Shoot from the car window")).not.toContain("no tokens yet");
  });
});

describe("the attack dialog redraws the line as the player types", () => {
  it("an input in the description redraws the odds part (not the textarea's) when the word count changes, not on every key", async () => {
    const { world } = await radioWorld();
    const jake = createJake(world);
    const falzetti = createFalzetti(world, 6, 6);
    const m = await radioModules();
    world.login("alice");
    world.target("alice", falzetti);
    const dialog = new m.RadioAttackDialog(jake as never);
    await dialog.render({ force: true });
    // The rendered form element: the dialog listens to its `input` events once, as V13 keeps the form across renders.
    const listeners: { type: string; fn: (e: unknown) => void }[] = [];
    (dialog as unknown as { element: unknown }).element = { addEventListener: (type: string, fn: (e: unknown) => void) => listeners.push({ type, fn }), querySelectorAll: () => [], querySelector: () => null } as never;
    const onRender = (dialog as unknown as { _onRender(c: unknown, o: unknown): Promise<void> })._onRender.bind(dialog);
    await onRender({}, {});
    await onRender({}, {});
    expect(listeners.map((l) => l.type)).toEqual(["input"]);
    const typed = (description: string, name = "description") => {
      world.typeInto(dialog, { weaponId: dialog.setup.weapons[0]!.id, targetUuid: falzetti.uuid, description });
      listeners[0]!.fn({ target: { name } });
    };
    const prepare = async () => ((await (dialog as unknown as { _prepareContext(o: unknown): Promise<{ view: ReturnType<typeof attackView> }> })._prepareContext({})).view);
    expect((await prepare()).descriptionWords).toBe(0);
    const renderSpy = vi.spyOn(dialog, "render");
    typed("Shoot from the car");
    expect(renderSpy.mock.calls).toEqual([[{ parts: ["odds"] }]]);
    const four = await prepare();
    expect([four.descriptionWords, four.describedLabel]).toEqual([4, "FRACAS.Radio.Attack.DescribedShort"]);
    // A letter within the same word: no redraw.
    typed("Shoot from the carr");
    expect(renderSpy).toHaveBeenCalledTimes(1);
    // Another field's input is the form's own business (its `change`).
    typed("Shoot from the car now", "limb");
    expect(renderSpy).toHaveBeenCalledTimes(1);
    typed("Shoot from the car now");
    expect(renderSpy).toHaveBeenCalledTimes(2);
    expect(renderSpy.mock.calls[1]).toEqual([{ parts: ["odds"] }]);
    const five = await prepare();
    expect([five.descriptionWords, five.describedLabel]).toEqual([5, "FRACAS.Radio.Attack.DescribedEnoughOther"]);
  });
});
