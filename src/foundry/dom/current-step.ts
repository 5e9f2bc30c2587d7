/**
 * The plan's body scrolls inside the combat sidebar (at most 60% of its height), so after Advance or
 * Back the current step could sit below the fold. After each render it is scrolled into the body's
 * view, as little as needed ("nearest"); nothing moves when it is already shown.
 */
export function showCurrentStep(root: ParentNode): void {
  const current = root.querySelector<HTMLElement>(".fracas-plan-steps [aria-current=step]");
  current?.scrollIntoView({ block: "nearest" });
}
