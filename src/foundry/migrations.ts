/**
 * Runs pending migrations once, on ready, on the active GM's client only: the world's actors and
 * items, unlinked tokens' own actors on every scene, and the world's own compendia of actors and
 * items (a locked one is unlocked for the run and locked again). Every write carries the migration
 * option (migration-option.ts), so update rules leave it alone. A document that fails is named to
 * the GM and the world's version is not raised, so the next start runs the steps again (a step
 * returns null on data it already moved, so only what failed is written).
 */
import { LATEST_SCHEMA, migrateSource, pendingSteps, type MigrationStep } from "./migration-steps.js";
import { MIGRATION_OPTION } from "./migration-option.js";
import { SYSTEM_ID } from "./settings.js";
import { pluralKey, t } from "./i18n.js";
import { isActiveGM } from "./active-gm.js";

interface Migratable {
  name: string | null;
  toObject(): unknown;
  update(changes: never, options: never): Promise<unknown>;
}
interface MigratableActor extends Migratable {
  items: Iterable<Migratable>;
}
/** A world compendium of actors or items, as V13's CompendiumCollection (locked unless configured). */
interface WorldPack {
  metadata: { packageType?: string };
  documentName: string;
  locked: boolean;
  configure(configuration: { locked: boolean }): Promise<unknown>;
  getDocuments(): Promise<unknown[]>;
}

interface Outcome {
  changed: number;
  failed: string[];
}

export async function runMigrations(steps?: readonly MigrationStep[]): Promise<number> {
  if (!isActiveGM()) return 0;
  const from = game.settings.get(SYSTEM_ID, "schemaVersion") as number;
  const pending = pendingSteps(from, steps);
  if (pending.length === 0) return 0;
  const outcome: Outcome = { changed: 0, failed: [] };
  // The world's actors, and the actors of unlinked tokens on every scene: their own copies (a
  // mook's wounds, a villain's Karma) hold the same data in the older shape.
  const actors = [...game.actors, ...unlinkedTokenActors()] as unknown as MigratableActor[];
  for (const actor of actors) await migrateActor(actor, pending, outcome);
  for (const item of game.items as unknown as Iterable<Migratable>) await migrateOne(item, "item", pending, outcome);
  for (const pack of worldPacks()) await migratePack(pack, pending, outcome);
  const to = Math.max(...pending.map((s) => s.version), steps ? 0 : LATEST_SCHEMA);
  if (outcome.failed.length > 0) {
    const names = outcome.failed.join(", ");
    ui.notifications?.error(t(pluralKey("FRACAS.Migration.Failed", outcome.failed.length), { count: outcome.failed.length, names, version: to }), { permanent: true });
    return outcome.changed;
  }
  await game.settings.set(SYSTEM_ID, "schemaVersion", to);
  if (outcome.changed > 0) ui.notifications?.info(t(pluralKey("FRACAS.Migration.Done", outcome.changed), { count: outcome.changed, version: to }));
  return outcome.changed;
}

/** One actor's migration and its items'. */
async function migrateActor(actor: MigratableActor, pending: readonly MigrationStep[], outcome: Outcome): Promise<void> {
  await migrateOne(actor, "actor", pending, outcome);
  for (const item of actor.items) await migrateOne(item, "item", pending, outcome);
}

async function migrateOne(doc: Migratable, which: "actor" | "item", pending: readonly MigrationStep[], outcome: Outcome): Promise<void> {
  const update = migrateSource(doc.toObject() as Record<string, unknown>, pending, which);
  if (!update) return;
  try {
    await doc.update(update as never, { [MIGRATION_OPTION]: true } as never);
    outcome.changed++;
  } catch (error) {
    console.error(`Fracas | migrating ${which} "${doc.name ?? ""}" failed`, error);
    outcome.failed.push(doc.name ?? "?");
  }
}

/** A world compendium's actors and items; a locked one is unlocked for the run and locked again. */
async function migratePack(pack: WorldPack, pending: readonly MigrationStep[], outcome: Outcome): Promise<void> {
  const wasLocked = pack.locked;
  try {
    if (wasLocked) await pack.configure({ locked: false });
    const docs = await pack.getDocuments();
    for (const doc of docs) {
      if (pack.documentName === "Actor") await migrateActor(doc as MigratableActor, pending, outcome);
      else await migrateOne(doc as Migratable, "item", pending, outcome);
    }
  } catch (error) {
    console.error("Fracas | migrating a world compendium failed", error);
    outcome.failed.push(String((pack as { title?: unknown }).title ?? pack.documentName));
  } finally {
    if (wasLocked) await pack.configure({ locked: true }).catch((error: unknown) => console.error("Fracas | relocking a compendium failed", error));
  }
}

/** The world's own compendia of actors or items (a system's or module's packs are theirs to migrate). */
function worldPacks(): WorldPack[] {
  const packs = (game as unknown as { packs?: Iterable<WorldPack> }).packs ?? [];
  return [...packs].filter((p) => p.metadata.packageType === "world" && (p.documentName === "Actor" || p.documentName === "Item"));
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
