/**
 * The update option a migration's writes carry (migrations.ts). A migration reshapes stored data;
 * it is not play. So the rules that react to play skip an update that has it: the relinking of a
 * player character's token (documents/actor.ts), Radio's bounds on typed wounds and its fall and
 * fight-end checks, FASERIP's Health that follows Endurance. Permission rules (only the GM sets a
 * Bond character's cover) still apply: migrations run as the active GM.
 * Its own module so that data models and hooks can read it without importing the migration runner.
 */
export const MIGRATION_OPTION = "fracasMigration";

/** True when an update's options say a migration wrote it. */
export function isMigrationUpdate(options: unknown): boolean {
  return typeof options === "object" && options !== null && (options as Record<string, unknown>)[MIGRATION_OPTION] === true;
}
