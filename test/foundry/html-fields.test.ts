// Every actor type has the `notes` HTML field and every item type `description`, as system.json and
// template.json declare for the server's sanitising: the declared fields must exist in the models.
import { describe, it, expect, beforeAll } from "vitest";
import { readFileSync } from "node:fs";
import { installFoundry, loadAdapter, type FakeWorld } from "./fake/index.js";

const sys = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8"));
let world: FakeWorld;
beforeAll(async () => {
  world = installFoundry();
  await loadAdapter();
});

describe("declared HTML fields exist in the data models", () => {
  it("actors and items", () => {
    for (const doc of ["Actor", "Item"] as const) {
      for (const [type, decl] of Object.entries(sys.documentTypes[doc] as Record<string, { htmlFields: string[] }>)) {
        const Model = world.config[doc].dataModels[type] as unknown as { defineSchema(): Record<string, { constructor: { name: string } }> };
        expect(Model, `${doc}.${type}`).toBeDefined();
        const schema = Model.defineSchema();
        for (const f of decl.htmlFields) expect(schema[f]?.constructor.name, `${doc}.${type}.${f}`).toBe("HTMLField");
      }
    }
  });
});
