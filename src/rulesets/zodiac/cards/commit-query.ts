/**
 * The sealed-commit query's registration (commits.ts answers it), apart from commits.ts so that the
 * commit store does not load core's queries module (and its Foundry document classes) with it.
 */
import { oneTabQuery } from "../../../foundry/queries.js";
import { COMMIT_QUERY, PAID_QUERY, onCommitQuery, onPaidQuery } from "./commits.js";

/** Installs the query handler once (CONFIG.queries exists before systems load; guarded anyway). */
export function registerCommitQuery(): void {
  const config = (globalThis as { CONFIG?: { queries?: Record<string, unknown> } }).CONFIG;
  if (!config?.queries || config.queries[COMMIT_QUERY]) return;
  // Answered by the one tab of the GM (review s7 B1): V13 sends a query to each of the user's
  // sockets and keeps the first answer, so two tabs would each keep the commit under its own key.
  config.queries[COMMIT_QUERY] = oneTabQuery(onCommitQuery);
  // The sender's paid notice for a commit whose card did not post (review s8 F7): the one tab holds it.
  config.queries[PAID_QUERY] = oneTabQuery(onPaidQuery);
}
