/** Runs pending migrations once, on ready, on the active GM's client only. */
import { LATEST_SCHEMA, migrateSource, pendingSteps, type MigrationStep } from "./migration-steps.js";
import { SYSTEM_ID } from "./settings.js";
import { t } from "./i18n.js";
import { isActiveGM } from "./active-gm.js";

export async function runMigrations(steps?: readonly MigrationStep[]): Promise<number> {
  if (!isActiveGM()) return 0;
  const from = game.settings.get(SYSTEM_ID, "schemaVersion") as number;
  const pending = pendingSteps(from, steps);
  if (pending.length === 0) return 0;
  let changed = 0;
  // The world's actors, and the actors of unlinked tokens on every scene: their own copies (a
  // mook's wounds, a villain's Karma) hold the same data in the older shape.
  for (const actor of [...game.actors, ...unlinkedTokenActors()]) changed += await migrateActor(actor, pending);
  for (const item of game.items) {
    const update = migrateSource(item.toObject() as unknown as Record<string, unknown>, pending, "item");
    if (update) {
      await item.update(update as never);
      changed++;
    }
  }
  const to = Math.max(...pending.map((s) => s.version), steps ? 0 : LATEST_SCHEMA);
  await game.settings.set(SYSTEM_ID, "schemaVersion", to);
  if (changed > 0) ui.notifications?.info(t("FRACAS.Migration.Done", { count: changed, version: to }));
  return changed;
}

/** One actor's migration and its items'; returns how many documents changed. */
async function migrateActor(actor: Actor.Implementation, pending: readonly MigrationStep[]): Promise<number> {
  let changed = 0;
  const update = migrateSource(actor.toObject() as unknown as Record<string, unknown>, pending, "actor");
  if (update) {
    await actor.update(update as never);
    changed++;
  }
  for (const item of actor.items) {
    const u = migrateSource(item.toObject() as unknown as Record<string, unknown>, pending, "item");
    if (u) {
      await item.update(u as never);
      changed++;
    }
  }
  return changed;
}

/** The synthetic actors of unlinked tokens on every scene (a linked token's actor is the world's, migrated once). */
function unlinkedTokenActors(): Actor.Implementation[] {
  const out: Actor.Implementation[] = [];
  const scenes = (game as unknown as { scenes?: Iterable<{ tokens: Iterable<{ actorLink: boolean; actor: Actor.Implementation | null }> }> }).scenes ?? [];
  for (const scene of scenes) {
    for (const token of scene.tokens) if (!token.actorLink && token.actor) out.push(token.actor);
  }
  return out;
}
