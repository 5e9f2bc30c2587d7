/**
 * The update option a migration's writes carry. A migration reshapes stored data; it is not a play
 * action, so the rules that watch updates (a model's `_preUpdate` that raises Health with Endurance,
 * the relinking of a player character's token, a hook that ends a fight) skip an update that has it.
 * Its own module so that data models and hooks can read it without importing the migration runner.
 */
export const MIGRATION_OPTION = "fracasMigration";

/** True when an update's options say a migration wrote it. */
export function isMigrationUpdate(options: unknown): boolean {
  return typeof options === "object" && options !== null && (options as Record<string, unknown>)[MIGRATION_OPTION] === true;
}
