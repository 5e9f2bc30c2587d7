// Compendium packs: JSON sources under src/packs/<pack>/ → LevelDB at dist/packs/<pack>, with
// src/packs/packs.json naming each pack's label, document type and, where it differs from the
// default, who may see it (added to dist/system.json).
import { readdir, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

/** Players see a pack and the Assistant GM edits it, unless packs.json says otherwise (V13's own default). */
export const DEFAULT_OWNERSHIP = Object.freeze({ PLAYER: "OBSERVER", ASSISTANT: "OWNER" });
// V13's CONST.USER_ROLES (but NONE) and DOCUMENT_OWNERSHIP_LEVELS names, which system.json's pack
// ownership takes (common/packages/base-package.mjs CompendiumOwnershipField).
const ROLES = ["PLAYER", "TRUSTED", "ASSISTANT", "GAMEMASTER"];
const LEVELS = ["NONE", "LIMITED", "OBSERVER", "OWNER"];
// Only these document types must name their system (V13's SYSTEM_SPECIFIC_COMPENDIUM_TYPES).
const SYSTEM_SPECIFIC = ["Actor", "Item"];

/**
 * The Foundry build stamped as every pack document's `_stats.coreVersion`: V13's first stable build
 * and the schemaVersion of every V13 document (common/documents/*.mjs "13.341"). V13's server
 * migrates a record with no coreVersion, or one older than the document's schemaVersion, and refuses
 * one newer than the running build (server-document.mjs _migrateRecord): 13.341 needs no migration
 * on any V13 build and is refused by none that can run it.
 */
export const CORE_VERSION = "13.341";
// The embedded collections of the document types Fracas ships (the CLI's HIERARCHY, the part used).
const EMBEDDED = ["items", "effects", "pages", "categories"];

/** The declared packs; every folder under src/packs must be declared and every declared pack must exist. */
export async function packList(srcDir) {
  if (!existsSync(`${srcDir}/packs.json`)) return [];
  const { packs } = JSON.parse(await readFile(`${srcDir}/packs.json`, "utf8"));
  const folders = (await readdir(srcDir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const declared = packs.map((p) => p.name).sort();
  const undeclared = folders.filter((f) => !declared.includes(f));
  const missing = declared.filter((d) => !folders.includes(d));
  if (undeclared.length || missing.length) throw new Error(`src/packs/packs.json: undeclared folders [${undeclared}] / missing folders [${missing}]`);
  for (const p of packs) ownershipOf(p);
  return packs;
}

/** A pack's ownership: packs.json's own (checked against V13's roles and levels), else the default. */
export function ownershipOf(pack) {
  if (pack.ownership === undefined) return { ...DEFAULT_OWNERSHIP };
  const entries = Object.entries(pack.ownership ?? {});
  const bad = entries.filter(([role, level]) => !ROLES.includes(role) || !LEVELS.includes(level));
  if (bad.length || !entries.length) throw new Error(`src/packs/packs.json: ${pack.name} ownership must map ${ROLES.join("/")} to ${LEVELS.join("/")} (got ${JSON.stringify(pack.ownership)})`);
  return { ...pack.ownership };
}

/** Stamps `_stats` on a source document and its embedded ones (items, effects, journal pages): the build's, never the sources'. */
export function stampStats(doc, stats) {
  doc._stats = { ...(doc._stats ?? {}), ...stats };
  for (const key of EMBEDDED) if (Array.isArray(doc[key])) for (const child of doc[key]) stampStats(child, stats);
  return doc;
}

async function systemVersion() {
  return JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8")).version;
}

export async function compilePacks(srcDir, outDir) {
  const packs = await packList(srcDir);
  const stats = { coreVersion: CORE_VERSION, systemId: "fracas", systemVersion: await systemVersion() };
  for (const p of packs) await compilePack(`${srcDir}/${p.name}`, `${outDir}/${p.name}`, { log: false, transformEntry: (doc) => void stampStats(doc, stats) });
  return packs.map((p) => ({ name: p.name, label: p.label, type: p.type, path: `packs/${p.name}`, system: SYSTEM_SPECIFIC.includes(p.type) ? "fracas" : undefined, ownership: ownershipOf(p) }));
}
