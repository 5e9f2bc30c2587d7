/** The typed fake of Foundry VTT V13 that adapter integration tests drive (see README.md). */
export { installFoundry, loadAdapter, currentWorld, FakeWorld, FakeSettings, REPO_ROOT, type Adapter, type ActorFixture, type InstallOptions, type Notification, type SettingConfig } from "./world.js";
export { FakeActor, FakeItem, FakeCombat, FakeCombatant, FakeChatMessage, FakeDocument, FakeUser, FakeActiveEffect, OWNERSHIP, PermissionError, resolveUuid, type DocumentName, type Permission, type Speaker } from "./documents.js";
export { DataModel, TypeDataModel, DataModelValidationError, fields, StringField, NumberField, BooleanField, ObjectField, ArrayField, SetField, SchemaField, HTMLField, EmbeddedDataField, DocumentUUIDField, type Schema, type FieldOptions, type Failure } from "./fields.js";
export { Roll, Die, DiceQueue } from "./dice.js";
export { Collection } from "./collection.js";
export { FakeHooks, type HookError } from "./hooks.js";
export type { FakeConfig, DocumentConfig, StatusEffect, QueryHandler } from "./runtime.js";
