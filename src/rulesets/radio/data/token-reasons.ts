/**
 * Why an action-token entry was written, as its ledger reason stores it: an i18n key (UX audit s15
 * #10), so the sheet's history reads in the reader's language. Worlds from before stored English
 * words ("described", "double damage"…), printed raw; those read as the keys they stand for, and any
 * other text (a macro's, a GM's own) is shown as it is. Pure: the view and the writers share it.
 */
const R = "FRACAS.Radio.Tokens.Reason";

/** The reasons Fracas writes. */
export const TOKEN_REASON = {
  /** An attack's description earned its tokens (the tokens table's row). */
  described: `${R}.Described`,
  /** Five tokens cashed in for double damage (charged before the dice, as on a hit). */
  doubleDamage: `${R}.DoubleDamage`,
  /** The cash-in given back: the attack missed. */
  doubleDamageReturned: `${R}.DoubleDamageReturned`,
  /** A defensive round's described defence. */
  describedDefence: `${R}.DescribedDefence`,
  /** A described action other than an attack, in the actor's own step. */
  describedAction: `${R}.DescribedAction`,
  /** The GM's ±1 on the sheet. */
  gm: `${R}.GM`,
} as const;

const KEYS = new Set<string>(Object.values(TOKEN_REASON));

/** What versions before session 15 stored, word for word (data/state.ts, cards/flow.ts, sheets/actor-sheets.ts). */
const OLD_LITERALS: Readonly<Record<string, string>> = {
  described: TOKEN_REASON.described,
  "double damage": TOKEN_REASON.doubleDamage,
  "double damage returned (missed)": TOKEN_REASON.doubleDamageReturned,
  "described defence": TOKEN_REASON.describedDefence,
  "described action": TOKEN_REASON.describedAction,
  GM: TOKEN_REASON.gm,
};

/** The kernel ledger's reason on a reversing entry: "undo: " + the undone entry's reason (engine/ledger.ts undo). */
const UNDO_PREFIX = "undo: ";

/**
 * A history line's reason for the template: `key` to localize (with `undo`, inside
 * FRACAS.Radio.Tokens.Reason.Undo), or, when it is none Fracas knows, `text` as stored.
 */
export interface TokenReasonView {
  key: string | null;
  undo: boolean;
  text: string;
}

function keyOf(stored: string): string | null {
  if (KEYS.has(stored)) return stored;
  return Object.hasOwn(OLD_LITERALS, stored) ? OLD_LITERALS[stored]! : null;
}

export function tokenReasonView(stored: unknown): TokenReasonView {
  const text = typeof stored === "string" ? stored : "";
  const key = keyOf(text);
  if (key) return { key, undo: false, text };
  if (text.startsWith(UNDO_PREFIX)) {
    const undone = keyOf(text.slice(UNDO_PREFIX.length));
    if (undone) return { key: undone, undo: true, text };
  }
  return { key: null, undo: false, text };
}
