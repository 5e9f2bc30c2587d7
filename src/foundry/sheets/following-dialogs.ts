/**
 * Open roll dialogs follow what they show. A dialog reads its roller and its targets at every
 * render, but Foundry redraws only an actor's own sheets on its update: so the GM setting a
 * target's cover, a wound or a status landing, the user aiming at someone else, the fight moving
 * on, or the GM overriding a rules table left a dialog showing odds the Roll would no longer use. These hooks (every client, for its own
 * open dialogs) tell each open dialog what changed; the dialog decides whether to redraw, and keeps
 * what was typed.
 */
import { registerOnce } from "../hooks-once.js";
import { isShowing } from "./app-state.js";

export type DialogEvent =
  /** An actor changed (its data, or a status added or taken). */
  | { kind: "actor"; uuid: string }
  /** This client's user targeted other tokens. */
  | { kind: "targets" }
  /** A combat changed (`changed`: the update's diff) or was deleted. */
  | { kind: "combat"; combat: Combat.Implementation; changed: object; deleted: boolean }
  /** A Fracas world setting changed: a rules table the GM overrode, a ruleset option, a GM pool. */
  | { kind: "setting"; key: string };

export interface FollowingDialog {
  readonly rendered: boolean;
  /** V13's render state: a dialog re-rendering (RENDERING) is still open (app-state.ts). */
  readonly state?: number;
  follow(event: DialogEvent): void;
}

/** Open dialogs, with the user whose client opened each (in Foundry, always this client's own user). */
const OPEN = new Map<FollowingDialog, string | null>();

/** Called when a dialog is made: it is told of changes while rendered, until it closes. */
export function watchDialog(dialog: FollowingDialog): void {
  OPEN.set(dialog, game.user.id);
}

/** Called when a dialog closes. */
export function forgetDialog(dialog: FollowingDialog): void {
  OPEN.delete(dialog);
}

/** Tells every rendered open dialog (one not rendered yet reads everything anew at its first render). */
export function tellDialogs(event: DialogEvent): void {
  for (const [dialog, opener] of OPEN) {
    // A hook runs on every client; each tells its own dialogs (the test world runs clients in one process).
    if (!isShowing(dialog) || opener !== game.user.id) continue;
    try {
      dialog.follow(event);
    } catch (err) {
      console.error("Fracas | an open dialog could not follow a change", err);
    }
  }
}

type WithUuid = { uuid?: string | null } | null | undefined;
const actorChanged = (actor: WithUuid) => {
  if (actor?.uuid) tellDialogs({ kind: "actor", uuid: actor.uuid });
};

/** Registered in init, at most once per Hooks registry. */
export function registerFollowingDialogs(): void {
  registerOnce("core.followingDialogs", (hooks) => {
    hooks.on("updateActor", (actor) => actorChanged(actor as WithUuid));
    // A deleted actor: a dialog aiming at it (or rolling for it) learns it now, not at its Roll.
    hooks.on("deleteActor", (actor) => actorChanged(actor as WithUuid));
    // An unlinked token deleted alone takes its synthetic actor with it (no deleteActor): a dialog
    // rolling for that token, or aiming at it, learns it now too.
    const unlinkedGone = (token: unknown) => {
      const doc = token as { actorLink?: boolean; actor?: WithUuid } | null;
      if (doc && !doc.actorLink) actorChanged(doc.actor);
    };
    hooks.on("deleteToken", unlinkedGone);
    // A scene deleted takes its unlinked tokens' actors with it, with no deleteToken for each
    // (review-s9-foundry V5); the deleted scene still holds its tokens.
    hooks.on("deleteScene", (scene) => {
      for (const token of (scene as { tokens?: Iterable<unknown> } | null)?.tokens ?? []) unlinkedGone(token);
    });
    // An actor's own item (a skill's level, a weapon, a power) is part of what a dialog shows.
    const itemChanged = (item: unknown) => {
      const parent = (item as { parent?: (WithUuid & { documentName?: string }) | null } | null)?.parent;
      if (parent?.documentName === "Actor") actorChanged(parent);
    };
    hooks.on("createItem", itemChanged);
    hooks.on("updateItem", itemChanged);
    hooks.on("deleteItem", itemChanged);
    // A status (prone, stunned…) is an ActiveEffect on the actor, not an actor update.
    hooks.on("createActiveEffect", (effect) => actorChanged((effect as { parent?: WithUuid }).parent));
    hooks.on("deleteActiveEffect", (effect) => actorChanged((effect as { parent?: WithUuid }).parent));
    // V13 fires targetToken once per token, every release before every addition: retargeting
    // {A,B} to {A,C} is two events, the first seeing {A} alone. Dialogs are told once, after the
    // run, of the targets as they end up (review-s9-foundry V3).
    let targetsPending = false;
    hooks.on("targetToken", (user) => {
      if ((user as { id?: string | null } | null)?.id !== game.user.id || targetsPending) return;
      targetsPending = true;
      queueMicrotask(() => {
        targetsPending = false;
        tellDialogs({ kind: "targets" });
      });
    });
    hooks.on("updateCombat", (combat, changed) => tellDialogs({ kind: "combat", combat: combat as Combat.Implementation, changed: changed as object, deleted: false }));
    hooks.on("deleteCombat", (combat) => tellDialogs({ kind: "combat", combat: combat as Combat.Implementation, changed: {}, deleted: true }));
    const settingChanged = (setting: unknown) => {
      const key = (setting as { key?: unknown } | null)?.key;
      // The GM's card seals (chat/card-seals.ts, written at every Apply) are nothing a dialog shows.
      if (typeof key === "string" && key.startsWith("fracas.") && key !== "fracas.cardSeals") tellDialogs({ kind: "setting", key });
    };
    hooks.on("createSetting", settingChanged);
    hooks.on("updateSetting", settingChanged);
  });
}
