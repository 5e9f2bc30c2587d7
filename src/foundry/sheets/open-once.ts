/**
 * One roll dialog per actor and kind. A double click on a sheet's roll button opened two dialogs,
 * each with its own Roll (review-s8 F8: Radio alone had a guard). A dialog already open (or still
 * opening) for the same key is brought to the front instead, restored first if minimised; once it
 * is closed the next click opens a new one. The key names the ruleset, the kind and the actor
 * ("bond.attack:Actor.x"). A dialog re-rendering counts as open (V13 reads it not `rendered` then).
 */
import { isShowing } from "./app-state.js";
interface Openable {
  readonly rendered: boolean;
  /** V13's render state: a dialog re-rendering reads `rendered` false but is open (app-state.ts). */
  readonly state?: number;
  /** V13's ApplicationV2: a minimised window is restored before it is brought to the front. */
  readonly minimized?: boolean;
  maximize?(): Promise<unknown>;
  bringToFront(): unknown;
  render(options: { force: boolean }): Promise<unknown>;
}

const OPEN = new Map<string, { app: Openable; opening: boolean }>();

/** Opens `make()`'s dialog under `key`, or brings the one open under it to the front; returns the dialog. */
export async function openOnce<T extends Openable>(key: string, make: () => T): Promise<T> {
  const held = OPEN.get(key);
  if (held && (held.opening || isShowing(held.app))) {
    if (held.app.rendered) {
      if (held.app.minimized) void held.app.maximize?.();
      held.app.bringToFront();
    }
    return held.app as T;
  }
  const app = make();
  const entry = { app, opening: true };
  OPEN.set(key, entry);
  try {
    await app.render({ force: true });
  } finally {
    entry.opening = false;
    if (!isShowing(app) && OPEN.get(key) === entry) OPEN.delete(key);
  }
  return app;
}
