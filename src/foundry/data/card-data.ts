/**
 * A Fracas chat card: the kernel's result for one roll, the targets it may be applied to, and
 * every application made (with the exact prior values, so Undo restores them).
 */
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
        prior: new fields.ObjectField({ required: true, initial: () => ({}) }),
        // What the Apply left at those paths (after the model's own clamping): an Undo is refused once
        // they differ (a later card, a sheet edit). Empty on cards applied before it was kept.
        after: new fields.ObjectField({ required: true, initial: () => ({}) }),
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
}

export interface Application {
  id: string;
  targetUuid: string;
  by: string;
  at: number;
  prior: Record<string, unknown>;
  after?: Record<string, unknown>;
  statuses: { status: string; on: boolean }[];
  summary: { key?: string; data?: Record<string, string | number> };
  poolEntries: { pool: string; entryId: string }[];
  undone: boolean;
}
