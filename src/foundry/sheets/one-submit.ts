/**
 * One submit at a time per dialog. V13 runs an application's form handler for every submit event,
 * and a roll dialog closes only once its roll and its card are done: a double click on Roll (or
 * Enter pressed twice) ran the handler twice, rolling twice and spending a pool twice. A submit
 * while the same dialog's handler is still running is ignored; the next one after it runs.
 */
const busy = new WeakSet<object>();

/** Runs `submit` for `dialog` unless a submit of that dialog is under way; true when it ran. */
export async function oneSubmitAtATime(dialog: object, submit: () => Promise<void>): Promise<boolean> {
  if (busy.has(dialog)) return false;
  busy.add(dialog);
  try {
    await submit();
    return true;
  } finally {
    busy.delete(dialog);
  }
}
