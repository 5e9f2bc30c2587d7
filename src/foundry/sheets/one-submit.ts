/**
 * One submit at a time per dialog. V13 runs an application's form handler for every submit event,
 * and a roll dialog closes only once its roll and its card are done: a double click on Roll (or
 * Enter pressed twice) ran the handler twice, rolling twice and spending a pool twice. A submit
 * while the same dialog's handler is still running is ignored; the next one after it runs.
 */
const busyObjects = new WeakSet<object>();
const busyKeys = new Set<string>();

/**
 * Runs `submit` for `dialog` unless a submit of that dialog is under way; true when it ran. `dialog`
 * may also be a string key, for a button that is not one dialog (Bond's recovery Roll buttons, keyed
 * by character and roll, on a sheet and on a prompt card alike).
 */
export async function oneSubmitAtATime(dialog: object | string, submit: () => Promise<unknown>): Promise<boolean> {
  const busy = typeof dialog === "string" ? busyKeys : busyObjects;
  if (busy.has(dialog as never)) return false;
  busy.add(dialog as never);
  try {
    await submit();
    return true;
  } finally {
    busy.delete(dialog as never);
  }
}
