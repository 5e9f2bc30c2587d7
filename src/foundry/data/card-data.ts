/**
 * A Fracas chat card: the kernel's result for one roll, the targets it may be applied to, and
 * every application made (with the exact prior values, so Undo restores them).
 */
import { pathValuesOf, type PathValue } from "../documents/path-values.js";

const fields = foundry.data.fields;

function cardSchema() {
  return {
    ruleset: new fields.StringField({ required: true, blank: false, initial: "bond" }),
    kind: new fields.StringField({ required: true, blank: false, initial: "attack" }),
    sourceUuid: new fields.StringField({ required: true, blank: true, initial: "" }),
    result: new fields.ObjectField({ required: true, initial: () => ({}) }),
    targets: new fields.ArrayField(
      new fields.SchemaField({
        uuid: new fields.StringField({ required: true, blank: false }),
        name: new fields.StringField({ required: true, blank: true, initial: "" }),
      }),
      { initial: () => [] },
    ),
    applications: new fields.ArrayField(
      new fields.SchemaField({
        id: new fields.StringField({ required: true, blank: false }),
        targetUuid: new fields.StringField({ required: true, blank: false }),
        by: new fields.StringField({ required: true, blank: true, initial: "" }),
        at: new fields.NumberField({ required: true, integer: true, min: 0, initial: 0 }),
        // {path, value} pairs, not an object keyed by path: V13 expands dotted keys everywhere in a
        // write (documents/path-values.ts). `prior`: what the target held; `after`: what the Apply
        // left there (after the model's own clamping), so an Undo is refused once they differ.
        prior: new fields.ArrayField(new fields.ObjectField(), { initial: () => [] }),
        after: new fields.ArrayField(new fields.ObjectField(), { initial: () => [] }),
        statuses: new fields.ArrayField(new fields.ObjectField(), { initial: () => [] }),
        summary: new fields.ObjectField({ required: true, initial: () => ({}) }),
        poolEntries: new fields.ArrayField(
          new fields.SchemaField({ pool: new fields.StringField({ required: true }), entryId: new fields.StringField({ required: true }) }),
          { initial: () => [] },
        ),
        undone: new fields.BooleanField({ required: true, initial: false }),
      }),
      { initial: () => [] },
    ),
  };
}

export class FracasCardData extends foundry.abstract.TypeDataModel<ReturnType<typeof cardSchema>, ChatMessage.Implementation> {
  static override defineSchema() {
    return cardSchema();
  }

  /** A card applied before pairs kept `prior`/`after` as objects: read back leaf by leaf. */
  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    const applications = source["applications"];
    if (Array.isArray(applications)) {
      for (const a of applications as Record<string, unknown>[]) {
        if (typeof a !== "object" || a === null) continue;
        for (const key of ["prior", "after"]) if (key in a && !Array.isArray(a[key])) a[key] = pathValuesOf(a[key]);
      }
    }
    return super.migrateData(source);
  }
}

export interface Application {
  id: string;
  targetUuid: string;
  by: string;
  at: number;
  prior: PathValue[];
  after?: PathValue[];
  statuses: { status: string; on: boolean }[];
  summary: { key?: string; data?: Record<string, string | number> };
  poolEntries: { pool: string; entryId: string }[];
  undone: boolean;
}
