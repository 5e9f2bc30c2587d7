/**
 * Registration of a group of hooks at most once per Hooks registry. Foundry calls "init" once, but a
 * second import of a module (a test world, Quench reloading, a macro importing the API) must not add
 * a second set of listeners: each would write once more.
 */

/** Runs `register` with Foundry's Hooks unless `mark` was registered on this registry already; whether it ran. */
export function registerOnce(mark: string, register: (hooks: typeof Hooks) => void): boolean {
  const hooks = (globalThis as { Hooks?: typeof Hooks }).Hooks as (typeof Hooks & Record<symbol, boolean | undefined>) | undefined;
  const key = Symbol.for(`fracas.hooks.${mark}`);
  if (!hooks || hooks[key]) return false;
  hooks[key] = true;
  register(hooks);
  return true;
}
