/**
 * One tab does the active GM's work. V13 lets a user be connected more than once (its server keeps
 * a list of sockets per user and sends a query to each), so a GM with Fracas open in two tabs had
 * both run every query and every "active GM only" hook behind their own in-page locks: an Apply
 * could be recorded twice with one record lost, a Setback entry orphaned, a chat line posted twice.
 *
 * Tabs of one browser agree through the Web Locks API (navigator.locks, shared by the tabs of one
 * origin): the tab holding the lock for this world and user is the one; another tab stays out of
 * the active GM's work (isActiveGM is false there, so its own GM actions go to the one through the
 * same queries as another GM's would), answers no query, and says so to the GM. When the one tab
 * closes, the browser hands the lock to the next, which takes over. Two devices logged in as the
 * same GM cannot be told apart this way: README asks for one connection per GM account.
 * Without the Web Locks API (browsers offer it only to a secure page: Foundry served over https or
 * on localhost, not plain http on a LAN), or before the first answer, a few milliseconds after
 * load, every tab does the work, as before. A tab that takes over calls the hook
 * "fracas.gmTabTakenOver", so what a ruleset keeps in memory is read again. The one tab whose
 * socket drops keeps the lock only while V13 reconnects it: V13 leaves the page when reconnecting
 * fails, and reloads it when the connection comes back after 5 s or more (client/game.mjs), either
 * of which releases the lock.
 */
import { t } from "./i18n.js";

/** The hook a tab calls when it takes over the GM's work (no arguments). */
export const GM_TAB_TAKEN_OVER = "fracas.gmTabTakenOver";

/** The part of the Web Locks API used here (LockManager#request with options). */
export interface TabLocks {
  request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

type Role = "unknown" | "theOne" | "another";
let role: Role = "unknown";
let elected: Promise<void> = Promise.resolve();

/** Whether this tab may do the active GM's work: not while another tab of this GM holds it. */
export function isTheGmTab(): boolean {
  return role !== "another";
}

/** Settles once this tab knows whether it is the one (at once without the Web Locks API). */
export function gmTabElected(): Promise<void> {
  return elected;
}

/** Holds the lock until the tab closes: the browser releases it with the page. */
const holdForever = (): Promise<never> => new Promise<never>(() => undefined);

/**
 * Asks for this world's and user's lock (a GM's tab only). Granted: this tab is the one. Taken by
 * another tab: this one says so, then waits in line and takes over when that tab closes.
 * `tell` is called with an i18n key when this tab learns it is not, or becomes, the one.
 */
export function electGmTab(locks: TabLocks | undefined, name: string, tell: (key: string) => void): Promise<void> {
  if (!locks) return (elected = Promise.resolve());
  elected = new Promise<void>((settle) => {
    const asked = locks.request(name, { ifAvailable: true }, (lock) => {
      if (lock) {
        role = "theOne";
        settle();
        return holdForever();
      }
      role = "another";
      settle();
      tell("FRACAS.GmTab.Another");
      void locks.request(name, {}, () => {
        role = "theOne";
        tell("FRACAS.GmTab.TakenOver");
        return holdForever();
      });
      return Promise.resolve();
    });
    // A refused request (a browser's policy): this tab does the work, as without the API.
    asked.catch((err: unknown) => {
      console.error("Fracas | the GM tab lock could not be asked for", err);
      role = "unknown";
      settle();
    });
  });
  return elected;
}

/** The setup hook: a GM's page asks for its world's and user's lock, and says what it learns. */
export function electThisGmTab(): void {
  if (!game.user.isGM) return;
  const locks = (globalThis as { navigator?: { locks?: TabLocks } }).navigator?.locks;
  void electGmTab(locks, `fracas-gm:${game.world.id}:${game.user.id}`, (key) => {
    if (key === "FRACAS.GmTab.Another") return void ui.notifications?.warn(t(key), { permanent: true });
    ui.notifications?.info(t(key));
    // What a ruleset keeps in memory for the active GM's work (Zodiac's sealed commits) is re-read.
    (Hooks.callAll as (hook: string) => boolean)(GM_TAB_TAKEN_OVER);
  });
}

/** Tests: back to a page that has not asked. */
export function resetGmTab(): void {
  role = "unknown";
  elected = Promise.resolve();
}
