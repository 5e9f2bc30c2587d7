/**
 * Old duel asks cleared (closing s6, "found, not fixed"). An earlier build of session 6 signed a
 * GM's Reveal or Cancel sent to another GM's client with the ruleset's own User flag
 * `flags.fracas.zodiacDuelAsks.<askId>` ({ action, key }: never a Wager, die or Agent Point number);
 * core's signRequest replaced it (commit a6c6252), and nothing reads that flag since. A slot left by
 * a query that failed then stays on the User for ever. The active GM's client removes the whole flag
 * once, when the world is ready: only from users that carry it (one User write each, the GM may
 * write any User), so a world without old slots writes nothing.
 */
import { isActiveGM } from "../../../foundry/active-gm.js";
import { backgroundWork } from "../../../foundry/background-work.js";

/** The flag the earlier build wrote, under the system's scope. */
export const OLD_ASK_FLAG = "zodiacDuelAsks";

const work = backgroundWork("zodiac: clearing old duel asks");

/** The users still carrying the old flag, cleared; their number. Only on the active GM's client (else 0, nothing written). */
export async function clearOldDuelAsks(): Promise<number> {
  if (!isActiveGM()) return 0;
  const carrying = game.users.filter((u) => u.getFlag("fracas" as never, OLD_ASK_FLAG as never) !== undefined);
  for (const user of carrying) await user.unsetFlag("fracas" as never, OLD_ASK_FLAG as never);
  return carrying.length;
}

/** The "ready" hook's listener: started, not awaited (Foundry does not await hooks). */
export function onReadyClearOldDuelAsks(): void {
  work.add(clearOldDuelAsks());
}

/** For tests: settles once the clearing started by "ready" has. */
export const oldDuelAsksSettled = (): Promise<unknown> => work.settled();
