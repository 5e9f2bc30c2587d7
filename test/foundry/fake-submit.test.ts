/**
 * The fake's submit event, as V13's ApplicationV2#_onSubmitForm: what a roll dialog's double click
 * goes through (closing-s8: the fake had none, so Radio's test copied V13's steps by hand).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { installFoundry, type FakeWorld } from "./fake/index.js";
import { ApplicationV2 } from "./fake/apps.js";

let world: FakeWorld;
beforeEach(() => {
  world = installFoundry();
});

function dialog(handler: (values: Record<string, unknown>) => Promise<void>, closeOnSubmit = true) {
  const app = new ApplicationV2({
    form: {
      closeOnSubmit,
      handler: (_event: unknown, _form: unknown, data: { object: Record<string, unknown> }) => handler(data.object),
    },
  });
  void app.render();
  return app;
}

describe("the fake's submit event (V13's _onSubmitForm)", () => {
  it("runs the handler with the form's values, then closes when closeOnSubmit", async () => {
    const seen: unknown[] = [];
    const app = dialog(async (v) => void seen.push(v));
    await app.submitEvent({ shift: "2" });
    expect(seen).toEqual([{ shift: "2" }]);
    expect(app.rendered).toBe(false);
  });

  it("a handler that throws: the error is shown and the dialog stays open", async () => {
    const app = dialog(async () => Promise.reject(new Error("no target")));
    await app.submitEvent({});
    expect(world.notified("error")).toEqual(["Error: no target"]);
    expect(app.rendered).toBe(true);
  });

  it("a second submit event while the first runs runs the handler again (V13 has no guard of its own)", async () => {
    let release!: () => void;
    let runs = 0;
    const app = dialog(async () => {
      runs++;
      if (runs === 1) await new Promise<void>((r) => (release = r));
    }, false);
    const first = app.submitEvent({});
    await app.submitEvent({});
    expect(runs).toBe(2);
    release();
    await first;
  });
});

describe("the fake's application lifecycle, as V13's (review-s9-foundry V4)", () => {
  it("close: CLOSED, then _onClose with the close options; an unforced render leaves it closed, a forced one opens it again", async () => {
    const closes: unknown[] = [];
    class Watched extends ApplicationV2 {
      protected override _onClose(options: Record<string, unknown>): void {
        closes.push(options);
      }
    }
    const app = new Watched();
    expect(app.state).toBe(ApplicationV2.RENDER_STATES.NONE);
    await app.render({ force: true });
    expect([app.rendered, app.state]).toEqual([true, ApplicationV2.RENDER_STATES.RENDERED]);
    await app.close({ submitted: true });
    expect([app.rendered, app.state, closes]).toEqual([false, ApplicationV2.RENDER_STATES.CLOSED, [{ submitted: true }]]);
    await app.close();
    expect(closes).toHaveLength(1);
    await app.render();
    expect(app.rendered).toBe(false);
    await app.render({ force: true });
    expect(app.rendered).toBe(true);
  });
});
