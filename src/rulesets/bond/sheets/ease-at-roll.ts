/**
 * Roll's first step in the Task and First Aid dialogs (D58): the form as it stands is read in (an
 * Ease Factor typed just before the click may not have been sent yet), and while it holds one not
 * usable as typed, nothing is rolled at another number than the one typed: a warning, and a redraw
 * that says why.
 */
import { renderedFormValues } from "../../../foundry/sheets/form-values.js";
import { warn } from "../cards/notes.js";
import { easeRefusedWarning, type EaseAdjusted } from "./typed-ease.js";

export async function easeAtRoll<C extends { easeAdjusted?: EaseAdjusted | null }>(
  dialog: { rendered: boolean; element?: unknown; render(): Promise<unknown> },
  choices: C,
  read: (values: Record<string, unknown>, previous: C) => C,
): Promise<{ choices: C; refused: boolean }> {
  const values = renderedFormValues(dialog);
  const current = values ? read(values, choices) : choices;
  const adjusted = current.easeAdjusted;
  if (!adjusted) return { choices: current, refused: false };
  const w = easeRefusedWarning(adjusted);
  warn(w.key, w.data);
  await dialog.render();
  return { choices: current, refused: true };
}
