/**
 * Hooks, as Foundry runs them: `call` stops at the first handler returning false and returns
 * false; `callAll` runs every handler. A throwing handler is caught and recorded (Foundry logs it
 * and carries on); the world exposes the record so tests can assert nothing failed silently.
 */
export type HookFn = (...args: never[]) => unknown;

interface Entry {
  id: number;
  fn: HookFn;
  once: boolean;
}

export interface HookError {
  hook: string;
  error: unknown;
}

export class FakeHooks {
  readonly #events = new Map<string, Entry[]>();
  #nextId = 1;
  readonly errors: HookError[] = [];
  /** Every hook name called, in order (for assertions that a hook fired). */
  readonly calls: string[] = [];

  on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
    const id = this.#nextId++;
    const list = this.#events.get(hook) ?? [];
    list.push({ id, fn, once });
    this.#events.set(hook, list);
    return id;
  }
  once(hook: string, fn: HookFn): number {
    return this.on(hook, fn, { once: true });
  }
  off(hook: string, fn: HookFn | number): void {
    const list = this.#events.get(hook);
    if (!list) return;
    this.#events.set(hook, list.filter((e) => (typeof fn === "number" ? e.id !== fn : e.fn !== fn)));
  }
  callAll(hook: string, ...args: unknown[]): true {
    this.calls.push(hook);
    for (const e of [...(this.#events.get(hook) ?? [])]) this.#run(hook, e, args);
    return true;
  }
  call(hook: string, ...args: unknown[]): boolean {
    this.calls.push(hook);
    for (const e of [...(this.#events.get(hook) ?? [])]) {
      if (this.#run(hook, e, args) === false) return false;
    }
    return true;
  }
  /** Handlers registered for a hook (for wiring assertions). */
  count(hook: string): number {
    return this.#events.get(hook)?.length ?? 0;
  }
  #run(hook: string, e: Entry, args: unknown[]): unknown {
    if (e.once) this.off(hook, e.id);
    try {
      return (e.fn as (...a: unknown[]) => unknown)(...args);
    } catch (error) {
      this.errors.push({ hook, error });
      return undefined;
    }
  }
}
