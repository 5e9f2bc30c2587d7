/**
 * What an application record may ask an Undo to write. An Apply records only what a card kind's
 * effect wrote: actor data under `system.` and Fracas's own flags under `flags.fracas.`, on one of
 * the card's targets. A record outside that (an author's edit of an unsealed record, card-seals.ts)
 * is refused before anything is written: never an actor's name, ownership or another module's flags.
 */
import type { Application } from "../data/card-data.js";
import { pathValuesOf } from "../documents/path-values.js";

const SEGMENT = /^[A-Za-z0-9_]+$/;
const FORBIDDEN = new Set(["__proto__", "prototype", "constructor"]);

/** Whether an Undo may write this path: `system.…` or `flags.fracas.…`, plain segments only. */
export function writablePath(path: string): boolean {
  const segments = path.split(".");
  const scoped = (segments[0] === "system" && segments.length >= 2) || (segments[0] === "flags" && segments[1] === "fracas" && segments.length >= 3);
  return scoped && segments.every((s) => SEGMENT.test(s) && !FORBIDDEN.has(s));
}

/** The refusal's reason key when a record asks for more than an Apply could have written, or null. */
export function recordProblem(app: Application, targets: readonly { uuid: string }[]): string | null {
  if (!targets.some((t) => t.uuid === app.targetUuid)) return "FRACAS.Chat.Refused.NotATarget";
  const paths = [...pathValuesOf(app.prior), ...pathValuesOf(app.after)].map((p) => p.path);
  if (!paths.every(writablePath)) return "FRACAS.Chat.Refused.BadRecord";
  const statuses = Array.isArray(app.statuses) ? app.statuses : [];
  if (!statuses.every((s) => typeof s?.status === "string" && /^[A-Za-z0-9_-]+$/.test(s.status) && typeof s.on === "boolean")) return "FRACAS.Chat.Refused.BadRecord";
  return null;
}
