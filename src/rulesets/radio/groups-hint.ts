/**
 * Whether the groups panel's rules hint is shown as text under its heading (the heading's
 * disclosure button, combat-groups.ts's panel). Foundry's tooltips open on the pointer only, so
 * pressing the heading is how a keyboard user reads the hint (session 6). The state survives the
 * tracker's redraws (one on every combat update) and is kept per user: in Foundry each client has
 * one user, so this is per client; keyed by user, one GM's press never opens another GM's hint
 * where several users share this module (the test fake's clients).
 */
const shown = new Map<string, boolean>();

/** Whether this user's groups panel shows the hint as text. */
export function groupsHintShown(): boolean {
  return shown.get(game.user.id ?? "") === true;
}

/** The panel action behind the heading's button; the core tracker redraws after it. */
export function toggleGroupsHint(_combat: Combat.Implementation, _button: HTMLElement): Promise<void> {
  shown.set(game.user.id ?? "", !groupsHintShown());
  return Promise.resolve();
}

/**
 * The hint paragraph's id, fresh for each render of the panel (code review s6b, UX review s6b
 * #11.1): the tracker renders twice when popped out (sidebar and pop-out), each calling the panel's
 * context, so a fixed id would be in the page twice and the pop-out's `aria-controls` would point
 * into the sidebar. Core's id scoping (dom/scope-ids.ts) is for Fracas applications; the tracker is
 * Foundry's own sidebar tab and is not scoped. Random rather than the combat id: both copies show
 * the same combat.
 */
export function groupsHintId(): string {
  return `radio-groups-hint-${foundry.utils.randomID()}`;
}
