/**
 * The chat line that says a hold ended by itself (holds.ts: its holder fell or left the fight). The
 * GM's toast fades and reaches no one else, so the held hero's player saw only the Restrained badge
 * vanish and never learned why (UX review s6b #10). The line is whispered to the GMs and the owners
 * of the held character and of the holder, spoken by the held one, as an Escape's result is on its
 * card, and stays in the log. Worded on the active GM's client, which ends the hold.
 */
import { t } from "../../../foundry/i18n.js";
import { gmsAndOwners } from "../../../foundry/recipients.js";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Posts `key` (one of FRACAS.Faserip.HoldEnded.*) about `held`, to the GMs and the owners of `held` and `holder`. */
export async function postHoldEnded(held: Actor.Implementation, holder: Actor.Implementation | null, key: string, data: Record<string, string>): Promise<void> {
  const content = `<p class="fracas faserip-hold-ended">${escapeHtml(t(key, data))}</p>`;
  const parties = holder ? [held, holder] : [held];
  await ChatMessage.create({ content, speaker: ChatMessage.getSpeaker({ actor: held }), whisper: gmsAndOwners(parties) } as never);
}
