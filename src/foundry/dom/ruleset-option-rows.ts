/**
 * Configure Settings lists every registered option, so a world that plays only Bond would also see
 * Radio's, Zodiac's and FASERIP's. A ruleset's options (`<namespace>.<ruleset>.<key>`) are shown only
 * while its "Ruleset: …" box (`<namespace>.enabled.<ruleset>`) is ticked, and follow the box as the
 * GM ticks it, before saving. A hidden row still submits its stored value, so nothing is lost.
 * Hidden by a class (styles/_base.scss), not `hidden`: V13's settings search rewrites every row's
 * `hidden` as the GM types (CategoryBrowser#_onSearchFilter), which would bring the rows back.
 * Plain DOM (V13's form groups: an input named by the setting inside `.form-group`).
 */
export const OFF_CLASS = "fracas-ruleset-off";

export function followRulesetToggles(root: ParentNode, rulesets: readonly string[], namespace: string): void {
  for (const id of rulesets) {
    const box = root.querySelector<HTMLInputElement>(`input[name="${namespace}.enabled.${id}"]`);
    if (!box) continue;
    const rows = [...root.querySelectorAll<HTMLElement>(`[name^="${namespace}.${id}."]`)]
      .map((field) => field.closest<HTMLElement>(".form-group"))
      .filter((row): row is HTMLElement => row !== null);
    const show = (): void => {
      for (const row of rows) row.classList.toggle(OFF_CLASS, !box.checked);
    };
    show();
    box.addEventListener("change", show);
  }
}
