// The core reader of a rendered dialog's form (src/foundry/sheets/form-values.ts), over the fake's
// FormDataExtended: what a user typed and has not yet committed is what the dialog reads.
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, type FakeWorld } from "./fake/index.js";
import { renderedFormValues } from "../../src/foundry/sheets/form-values.js";

let world: FakeWorld;
beforeEach(() => {
  world = installFoundry();
});

describe("renderedFormValues", () => {
  it("reads the values typed into a rendered dialog's form", async () => {
    const app = new foundry.applications.api.ApplicationV2({});
    await app.render();
    world.typeInto(app as never, { gmModifier: "5", slot: "head" });
    expect(renderedFormValues(app as never)).toEqual({ gmModifier: "5", slot: "head" });
  });

  it("is null before the dialog is rendered, and after it is closed", async () => {
    const app = new foundry.applications.api.ApplicationV2({});
    world.typeInto(app as never, { gmModifier: "5" });
    expect(renderedFormValues(app as never)).toBeNull();
    await app.render();
    await app.close();
    expect(renderedFormValues(app as never)).toBeNull();
  });

  it("is null when the rendered root is not a form and holds none", () => {
    const app = { rendered: true, element: { tagName: "DIV", querySelector: () => null } };
    expect(renderedFormValues(app)).toBeNull();
  });
});
