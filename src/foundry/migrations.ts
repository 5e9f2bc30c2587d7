/**
 * Runs pending migrations once, on ready, on the active GM's client only: the world's actors and
 * items, unlinked tokens' own actors on every scene, and the world's own compendia of actors, items
 * and scenes (a locked one is unlocked for the run and locked again; a scene's unlinked tokens' own
 * actors, as on the world's scenes). Adventure compendia are not opened: an adventure holds plain
 * source data that its import creates as new documents, and V13 has no update of one part of it.
 * Every write carries the migration option (migration-option.ts), so update rules leave it alone.
 * The world's actors and items, and each actor's own items, are written in batches of BATCH (one
 * request each rather than one per document: a world of 1,000 actors took a minute); a batch the
 * server refuses is written again one document at a time, so one bad document fails alone. The rest
 * (compendium documents, unlinked tokens' own actors) are written one at a time. A document that fails
 * is named to the GM, and so is one V13 left unwritten (its client-side validation or a preUpdate
 * hook skips a document without an error): the world's version is then not raised, so the next start
 * runs the steps again (a step returns null on data it already moved, so only what failed is written).
 */
import { LATEST_SCHEMA, migrateSource, pendingSteps, type MigrationStep } from "./migration-steps.js";
import { MIGRATION_OPTION } from "./migration-option.js";
import { SYSTEM_ID } from "./settings.js";
import { pluralKey, t } from "./i18n.js";
import { isActiveGM } from "./active-gm.js";
import { sameJson } from "./same-json.js";

interface Migratable {
  id: string | null;
  name: string | null;
  toObject(): unknown;
  update(changes: never, options: never): Promise<unknown>;
}
interface MigratableActor extends Migratable {
  items: Iterable<Migratable>;
  updateEmbeddedDocuments(name: "Item", updates: never, options: never): Promise<unknown[]>;
}
/** A document class's batch update, as V13's Document.updateDocuments (world documents here). */
interface BatchWriter {
  updateDocuments(updates: never, options: never): Promise<unknown[]>;
}

/** One document's pending write: its update and how the GM finds it. */
interface Planned {
  doc: Migratable;
  update: Record<string, unknown>;
  label: string;
  which: "actor" | "item";
}

/** Documents per batch: large enough to save the round trips, small enough for one request. */
const BATCH = 100;
/** A world compendium of actors or items, as V13's CompendiumCollection (locked unless configured). */
interface WorldPack {
  metadata: { packageType?: string };
  title?: string;
  documentName: string;
  locked: boolean;
  configure(configuration: { locked: boolean }): Promise<unknown>;
  getDocuments(): Promise<unknown[]>;
}

interface Outcome {
  changed: number;
  /** What failed, as the GM can find it: "Goon (token on Docks)", "Knife (on Jake)", "Vault (compendium)". */
  failed: string[];
}

/** At most this many failures are named in the GM's notification (the console has them all). */
const NAMED_FAILURES = 5;

export async function runMigrations(steps?: readonly MigrationStep[]): Promise<number> {
  if (!isActiveGM()) return 0;
  const from = game.settings.get(SYSTEM_ID, "schemaVersion") as number;
  const pending = pendingSteps(from, steps);
  if (pending.length === 0) return 0;
  const outcome: Outcome = { changed: 0, failed: [] };
  const worldActors = [...(game.actors as unknown as Iterable<MigratableActor>)];
  await writeBatched(plan(worldActors, "actor", (actor) => actor.name ?? "?", pending), CONFIG.Actor.documentClass as unknown as BatchWriter, outcome);
  for (const actor of worldActors) await migrateOwnItems(actor, actor.name ?? "?", pending, outcome);
  // The actors of unlinked tokens on every scene: their own copies (a mook's wounds, a villain's
  // Karma) hold the same data in the older shape.
  for (const { actor, scene } of unlinkedTokenActors(worldScenes())) await migrateActor(actor, t("FRACAS.Migration.OnToken", { name: actor.name ?? "?", scene }), pending, outcome);
  await writeBatched(plan(game.items as unknown as Iterable<Migratable>, "item", (item) => item.name ?? "?", pending), CONFIG.Item.documentClass as unknown as BatchWriter, outcome);
  for (const pack of worldPacks()) await migratePack(pack, pending, outcome);
  const to = Math.max(...pending.map((s) => s.version), steps ? 0 : LATEST_SCHEMA);
  if (outcome.failed.length > 0) {
    const named = outcome.failed.slice(0, NAMED_FAILURES).join(", ");
    const more = outcome.failed.length - NAMED_FAILURES;
    const names = more > 0 ? t("FRACAS.Migration.More", { names: named, count: more }) : named;
    console.error(`Fracas | data version ${to}: ${outcome.failed.length} documents not updated:`, outcome.failed);
    ui.notifications?.error(t(pluralKey("FRACAS.Migration.Failed", outcome.failed.length), { count: outcome.failed.length, names }), { permanent: true });
    return outcome.changed;
  }
  await game.settings.set(SYSTEM_ID, "schemaVersion", to);
  if (outcome.changed > 0) {
    console.info(`Fracas | data version ${to}: ${outcome.changed} documents updated`);
    ui.notifications?.info(t(pluralKey("FRACAS.Migration.Done", outcome.changed), { count: outcome.changed }));
  }
  return outcome.changed;
}

/** The pending writes of these documents (those the steps change), each with its label. */
function plan<D extends Migratable>(docs: Iterable<D>, which: "actor" | "item", label: (doc: D) => string, pending: readonly MigrationStep[]): Planned[] {
  const out: Planned[] = [];
  for (const doc of docs) {
    const update = migrateSource(doc.toObject() as Record<string, unknown>, pending, which);
    if (update) out.push({ doc, update, label: label(doc), which });
  }
  return out;
}

/** One actor's migration and its items'; `label` names the actor where the GM can find it. */
async function migrateActor(actor: MigratableActor, label: string, pending: readonly MigrationStep[], outcome: Outcome): Promise<void> {
  for (const one of plan([actor], "actor", () => label, pending)) await writeOne(one, outcome);
  await migrateOwnItems(actor, label, pending, outcome);
}

/** An actor's own items, in batches through the actor (V13's updateEmbeddedDocuments). */
async function migrateOwnItems(actor: MigratableActor, label: string, pending: readonly MigrationStep[], outcome: Outcome): Promise<void> {
  const items = plan(actor.items, "item", (item) => t("FRACAS.Migration.OnActor", { item: item.name ?? "?", actor: label }), pending);
  await writeBatched(items, { updateDocuments: (updates, options) => actor.updateEmbeddedDocuments("Item", updates, options) }, outcome);
}

const OPTIONS = { [MIGRATION_OPTION]: true };

/** Batches of BATCH; a batch that throws is written again one document at a time. */
async function writeBatched(planned: readonly Planned[], writer: BatchWriter, outcome: Outcome): Promise<void> {
  for (let start = 0; start < planned.length; start += BATCH) {
    const chunk = planned.slice(start, start + BATCH);
    let written: unknown[];
    try {
      written = await writer.updateDocuments(chunk.map((p) => ({ ...p.update, _id: p.doc.id })) as never, OPTIONS as never);
    } catch (error) {
      console.warn(`Fracas | a batch of ${chunk.length} updates failed; writing them one at a time`, error);
      for (const one of chunk) await writeOne(one, outcome);
      continue;
    }
    const ids = new Set(written.map((doc) => (doc as { id?: string }).id));
    for (const one of chunk) settle(one, ids.has(one.doc.id ?? ""), outcome);
  }
}

/** Whether the document already holds what its update would write (a "-=key" deletion: the key is gone). */
function alreadyThere(one: Planned): boolean {
  const source = one.doc.toObject() as Record<string, unknown>;
  const leaves = foundry.utils.flattenObject(foundry.utils.expandObject(one.update)) as Record<string, unknown>;
  return Object.entries(leaves).every(([path, value]) => {
    const parts = path.split(".");
    const last = parts.at(-1) ?? "";
    if (last.startsWith("-=")) return foundry.utils.getProperty(source, [...parts.slice(0, -1), last.slice(2)].join(".")) === undefined;
    return sameJson(foundry.utils.getProperty(source, path), value);
  });
}

async function writeOne(one: Planned, outcome: Outcome): Promise<void> {
  try {
    settle(one, (await one.doc.update(one.update as never, OPTIONS as never)) !== undefined, outcome);
  } catch (error) {
    console.error(`Fracas | migrating ${one.which} ${one.label} failed`, error);
    outcome.failed.push(one.label);
  }
}

/**
 * Counts a write, or names a document V13 left unwritten without an error. V13 also leaves out an
 * update that changes nothing (its diff is empty: a document a refused batch had written after
 * all, or a step's update equal to the data): that document is done, not failed, or the version
 * would never be raised and the GM told the same error at every start (review-s8 F5).
 */
function settle(one: Planned, written: boolean, outcome: Outcome): void {
  if (written) {
    outcome.changed++;
    return;
  }
  if (alreadyThere(one)) return;
  console.error(`Fracas | migrating ${one.which} ${one.label}: not written (refused by validation or a preUpdate hook)`);
  outcome.failed.push(one.label);
}

/** A world compendium's actors and items; a locked one is unlocked for the run and locked again. */
async function migratePack(pack: WorldPack, pending: readonly MigrationStep[], outcome: Outcome): Promise<void> {
  const wasLocked = pack.locked;
  const title = pack.title ?? pack.documentName;
  try {
    if (wasLocked) await pack.configure({ locked: false });
    const docs = await pack.getDocuments();
    for (const doc of docs) {
      const label = t("FRACAS.Migration.InCompendium", { name: (doc as Migratable).name ?? "?", pack: title });
      if (pack.documentName === "Actor") await migrateActor(doc as MigratableActor, label, pending, outcome);
      else if (pack.documentName === "Item") for (const one of plan([doc as Migratable], "item", () => label, pending)) await writeOne(one, outcome);
      else {
        const scene = t("FRACAS.Migration.InCompendium", { name: (doc as SceneLike).name ?? "?", pack: title });
        for (const token of unlinkedTokenActors([doc as SceneLike])) await migrateActor(token.actor, t("FRACAS.Migration.OnToken", { name: token.actor.name ?? "?", scene }), pending, outcome);
      }
    }
  } catch (error) {
    console.error(`Fracas | migrating the compendium ${title} failed`, error);
    outcome.failed.push(t("FRACAS.Migration.Compendium", { pack: title }));
  } finally {
    if (wasLocked) await pack.configure({ locked: true }).catch((error: unknown) => console.error("Fracas | relocking a compendium failed", error));
  }
}

const MIGRATED_PACKS = ["Actor", "Item", "Scene"];

/** The world's own compendia of actors, items or scenes (a system's or module's packs are theirs to migrate). */
function worldPacks(): WorldPack[] {
  const packs = (game as unknown as { packs?: Iterable<WorldPack> }).packs ?? [];
  return [...packs].filter((p) => p.metadata.packageType === "world" && MIGRATED_PACKS.includes(p.documentName));
}

/** A scene as far as a migration reads it: its name and its tokens. */
interface SceneLike {
  name?: string | null;
  tokens: Iterable<{ actorLink: boolean; actor: MigratableActor | null }>;
}

function worldScenes(): Iterable<SceneLike> {
  return (game as unknown as { scenes?: Iterable<SceneLike> }).scenes ?? [];
}

/**
 * The synthetic actors of unlinked tokens on these scenes, with the scene's name (a linked token's
 * actor is the world's, migrated once). V13 builds a token's synthetic actor only while its base
 * actor is in the world (TokenDocument#baseActor); a token whose base actor was deleted has none,
 * and its delta is left as it is: there is no whole actor source to migrate.
 */
function unlinkedTokenActors(scenes: Iterable<SceneLike>): { actor: MigratableActor; scene: string }[] {
  const out: { actor: MigratableActor; scene: string }[] = [];
  for (const scene of scenes) {
    for (const token of scene.tokens) if (!token.actorLink && token.actor) out.push({ actor: token.actor, scene: scene.name ?? "?" });
  }
  return out;
}
