/**
 * What a rendered roll dialog's form holds right now, as V13 would submit it (FormDataExtended): a
 * number typed but not yet committed by a change event counts. Null when the dialog is not rendered
 * or has no form. A dialog whose tag is "form" is its own form. Read before a redraw (so what was
 * typed survives it) and before a roll (so the roll uses what is on screen).
 */
export function renderedFormValues(app: { rendered: boolean; element?: unknown }): Record<string, unknown> | null {
  const element = app.rendered ? (app.element as HTMLElement | null | undefined) : null;
  if (!element) return null;
  const form = element.tagName === "FORM" ? element : element.querySelector?.("form");
  if (!form) return null;
  return new foundry.applications.ux.FormDataExtended(form as HTMLFormElement).object as Record<string, unknown>;
}
