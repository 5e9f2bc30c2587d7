/**
 * The status vocabulary shared by every wound track. A ruleset's rules emit these events; the
 * adapter turns them into token status effects with ids `fracas-<kebab-case status>`.
 */
export const STATUSES = ["stunned", "unconscious", "dying", "dead", "almostDead", "prone", "restrained"] as const;
export type Status = (typeof STATUSES)[number];

export interface StatusEvent {
  status: Status;
  /** true = the status starts, false = it ends. */
  on: boolean;
}

/** The token status-effect id for a status: almostDead → fracas-almost-dead. */
export function statusEffectId(status: string): string {
  return "fracas-" + status.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}

/** Events that take a creature from the `before` set of statuses to the `after` set. */
export function statusDiff(before: Iterable<Status>, after: Iterable<Status>): StatusEvent[] {
  const a = new Set(before);
  const b = new Set(after);
  const events: StatusEvent[] = [];
  for (const s of STATUSES) {
    if (a.has(s) && !b.has(s)) events.push({ status: s, on: false });
    if (!a.has(s) && b.has(s)) events.push({ status: s, on: true });
  }
  return events;
}
