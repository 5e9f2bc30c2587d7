/**
 * game.keybindings, as V13's ClientKeybindings (client/helpers/interaction/client-keybindings.mjs)
 * keeps what a system registers: register() only before the client initialises its bindings (after
 * the setup hook: Game#initializeKeyboard; later it throws, as V13 does), the namespaced action with
 * V13's defaults, and the bindings each action ends up with (uneditable, then editable). No keyboard:
 * a test presses an action with `press(namespace, action)`, which calls its onDown as V13's
 * KeyboardManager would, refusing a restricted action for a player as V13 does.
 */
import type { Obj } from "./utils.js";

export interface KeybindingAction {
  name: string;
  hint?: string;
  namespace: string;
  editable: { key: string; modifiers?: string[] }[];
  uneditable: { key: string; modifiers?: string[] }[];
  restricted?: boolean;
  repeat: boolean;
  precedence: number;
  order: number;
  onDown?: (context: Obj) => boolean | void;
  onUp?: (context: Obj) => boolean | void;
}

export class FakeKeybindings {
  readonly actions = new Map<string, KeybindingAction>();
  bindings: Map<string, KeybindingAction["editable"]> | undefined = undefined;
  #registered = 0;

  constructor(private readonly isGM: () => boolean) {}

  register(namespace: string, action: string, data: Obj): void {
    if (this.bindings) throw new Error("You cannot register a Keybinding after the init hook");
    if (!namespace || !action) throw new Error("You must specify both the namespace and action portion of the Keybinding action");
    for (const list of [data.editable, data.uneditable]) {
      if (list !== undefined && !Array.isArray(list)) throw new Error("KEYBINDINGS.MustBeArray");
    }
    this.actions.set(`${namespace}.${action}`, {
      ...(data as unknown as KeybindingAction),
      namespace,
      precedence: (data.precedence as number | undefined) ?? 0,
      order: this.#registered++,
      editable: (data.editable as KeybindingAction["editable"] | undefined) ?? [],
      uneditable: (data.uneditable as KeybindingAction["uneditable"] | undefined) ?? [],
      repeat: (data.repeat as boolean | undefined) ?? false,
    });
  }

  /** As V13 after the setup hook: each action's bindings (its uneditable, then its editable ones). */
  initialize(): void {
    this.bindings = new Map([...this.actions].map(([k, a]) => [k, [...a.uneditable, ...a.editable]]));
  }

  get(namespace: string, action: string): KeybindingAction["editable"] {
    const key = `${namespace}.${action}`;
    if (!this.actions.has(key)) throw new Error("This is not a registered keybind action");
    return this.bindings?.get(key) ?? [];
  }

  /** A client booting afresh (loadAdapter): nothing registered yet. */
  reset(): void {
    this.actions.clear();
    this.bindings = undefined;
    this.#registered = 0;
  }

  /** Test entry: the user presses a key bound to this action (V13's KeyboardManager: a restricted action is a GM's only). */
  press(namespace: string, action: string): boolean | void {
    const a = this.actions.get(`${namespace}.${action}`);
    if (!a) throw new Error(`no keybinding ${namespace}.${action}`);
    if (a.restricted && !this.isGM()) return false;
    return a.onDown?.({ key: "", up: false, repeat: false });
  }
}
