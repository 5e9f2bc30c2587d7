/**
 * The FEAT dialog's form when the user targets other tokens while it is open (core
 * following-dialogs tells it). Pure. The form's cover is held per target, by position in the
 * target list, so a new list moves each target's cover to the target's new position. A target
 * still aimed at keeps its cover, even one the attacker raised above the GM's. A target no longer
 * aimed at has its cover remembered, in case it is aimed at again. A new target starts at the GM's
 * cover on it, as when the dialog opens. The multiple-target shift follows the count while it
 * holds the count's own value; a number the attacker typed is kept.
 */
import { MAX_SHIFT, multipleTargetShift } from "../rules/index.js";
import type { FeatForm } from "./feat-form.js";

/** A target's cover choice and the GM's cover shift it last followed (cover-choice.ts followCoverFloors). */
export interface CoverKept {
  choice: number;
  seen: number;
}

/** The multiple-target shift the dialog fills in for `count` targets (none for one or none). */
export function multipleTargetsFor(count: number): number {
  return count > 1 ? multipleTargetShift(Math.min(count, MAX_SHIFT + 1)) : 0;
}

/** The same uuids in the same order. */
export function sameTargets(a: readonly { uuid: string }[], b: readonly { uuid: string }[]): boolean {
  return a.length === b.length && a.every((x, i) => x.uuid === b[i]!.uuid);
}

/**
 * The form, GM covers seen and memory once the targets went from `before` to `after`.
 * `seen[i]`: the GM cover shift target i of `before` was last followed at. `floors[i]`: the GM
 * cover shift on target i of `after` now. `memory`: covers of targets aimed at earlier in this
 * dialog, by uuid. The caller then runs followCoverFloors with the returned `seen`, so a cover kept
 * from before still follows a GM change made meanwhile.
 */
export function retargetForm(
  form: FeatForm,
  before: readonly { uuid: string }[],
  seen: readonly number[],
  after: readonly { uuid: string }[],
  floors: readonly number[],
  memory: ReadonlyMap<string, CoverKept> = new Map(),
): { form: FeatForm; seen: number[]; memory: Map<string, CoverKept> } {
  const kept = new Map(memory);
  // With one target (or none) the single Cover field is the truth; with several, each target's own.
  before.forEach((tg, i) => kept.set(tg.uuid, { choice: before.length === 1 ? form.cover : (form.targetCover?.[i] ?? form.cover), seen: seen[i] ?? 0 }));
  const next = after.map((tg, i) => kept.get(tg.uuid) ?? { choice: floors[i] ?? 0, seen: floors[i] ?? 0 });
  // The count's own shift follows the new count; one the attacker changed by hand stays theirs.
  const multipleTargets = form.multipleTargets === multipleTargetsFor(before.length) ? multipleTargetsFor(after.length) : form.multipleTargets;
  return {
    form: {
      ...form,
      // One target: its cover in the single field. None: no defender, so no cover. Several: per target.
      cover: after.length === 1 ? next[0]!.choice : after.length === 0 ? 0 : form.cover,
      targetCover: next.map((k) => k.choice),
      multipleTargets,
    },
    seen: next.map((k) => k.seen),
    memory: kept,
  };
}
