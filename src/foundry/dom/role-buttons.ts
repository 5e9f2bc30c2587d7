/**
 * An element a template makes a button by role (a portrait: `<img role="button" tabindex="0"
 * data-action="editImage">`) is pressed by Enter and Space as a button is. V13 runs `data-action`
 * handlers on click only, so from the keyboard these did nothing (review-s11 A4).
 */
export function pressRoleButton(event: KeyboardEvent): void {
  if (event.key !== "Enter" && event.key !== " ") return;
  const el = event.target;
  if (!(el instanceof HTMLElement) || el instanceof HTMLButtonElement || !el.matches('[role="button"][data-action]')) return;
  event.preventDefault();
  el.click();
}
