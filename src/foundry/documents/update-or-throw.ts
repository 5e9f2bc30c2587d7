/**
 * A write that must land, or throw (review-s9-foundry V1). V13's client leaves out of an update any
 * document whose changes fail validation: it shows the error, and `update()` gives undefined
 * without throwing. A module's preUpdate hook leaves a document out the same way, silently. A
 * caller that goes on as if the write landed (an Apply records its application and spends pools
 * after the target's write) checks here: changes that would fail validation throw before anything
 * is sent, and a write left out for any other reason throws after. Nothing to change writes nothing.
 */
type Updatable = {
  readonly documentName: string;
  readonly name?: string | null;
  updateSource(changes: object, options: { dryRun: boolean; fallback: boolean }): object;
  update(changes: object, options?: object): Promise<unknown>;
};

export class WriteLeftOut extends Error {
  constructor(doc: Updatable, why: string) {
    super(`${doc.documentName} ${doc.name ?? ""}: ${why}`);
    this.name = "WriteLeftOut";
  }
}

export async function updateOrThrow(doc: Updatable, changes: object, options?: object): Promise<void> {
  // V13 changes the object it is given, in the dry run and in the write (dotted keys expanded in
  // place, `_id` and `type` added): each gets a copy, so the caller's `changes` (an Apply's paths,
  // an Undo's stored prior values) stay as they were (review-s9 H1).
  let diff: object;
  try {
    diff = doc.updateSource(foundry.utils.deepClone(changes), { dryRun: true, fallback: false });
  } catch (err) {
    throw new WriteLeftOut(doc, `the changes are not valid, so nothing was written (${err instanceof Error ? err.message : String(err)})`);
  }
  if (Object.keys(diff).length === 0) return;
  const written = await doc.update(foundry.utils.deepClone(changes), options);
  if (written === undefined || written === null) throw new WriteLeftOut(doc, "the write was left out (a module's preUpdate hook, or invalid once prepared)");
}
