/**
 * game.fracas: the few entry points macros (and the shipped macros pack) call, so a GM can bind
 * them to the hotbar: open the Rules tables, move the round plan on, start the next round, spend
 * or gain Setback.
 */
import { RulesTablesApp } from "./settings/rules-tables-app.js";
import { FracasCombat } from "./documents/combat.js";
import { readPool } from "./pools.js";
import { requestPoolChange, warnRefused } from "./queries.js";
import { t } from "./i18n.js";
import * as engine from "../engine/index.js";

/** The combat the GM views, once begun (a macro must not begin an encounter still being set up). */
function activeCombat(): FracasCombat | null {
  const c = game.combat;
  if (c instanceof FracasCombat && c.started) return c;
  ui.notifications?.warn(t("FRACAS.Api.NoCombat"));
  return null;
}

function gmOnly(): boolean {
  if (game.user.isGM) return true;
  ui.notifications?.warn(t("FRACAS.Chat.Refused.NotGM"));
  return false;
}

export const fracasApi = {
  /** The pure kernel (the same code as dist/engine.mjs). */
  engine,
  openRulesTables(): void {
    if (gmOnly()) void new RulesTablesApp().render({ force: true });
  },
  async nextStep(): Promise<void> {
    const c = activeCombat();
    if (c && gmOnly()) await c.advance();
  },
  async nextRound(): Promise<void> {
    const c = activeCombat();
    if (c && gmOnly()) await c.nextRound();
  },
  setback(): number {
    return readPool("setback").value;
  },
  async changeSetback(delta: number, reason = "macro"): Promise<void> {
    if (!gmOnly()) return;
    warnRefused(await requestPoolChange({ kind: "change", pool: "setback", delta, reason, ref: "api" }));
  },
};

export function installApi(): void {
  (game as unknown as { fracas: typeof fracasApi }).fracas = fracasApi;
}
