/**
 * foundry.data.fields and foundry.abstract.{DataModel,TypeDataModel}, reduced to what Fracas uses,
 * with Foundry's documented cleaning and validation:
 * - cleaning casts (Number("3") → 3), trims strings, ROUNDS integer NumberFields and CLAMPS them
 *   to min/max (Foundry does this; it does not reject an out-of-range number), fills `initial`;
 * - validation REJECTS what cleaning cannot fix: a non-finite number, a value outside `choices`,
 *   null in a non-nullable field, undefined in a required one, "" where `blank: false`, a
 *   malformed UUID. A rejected write throws DataModelValidationError and writes nothing.
 */
import { deepClone, isPlainObject, type Obj } from "./utils.js";

export type Choices = readonly (string | number)[] | Record<string, string> | (() => readonly (string | number)[] | Record<string, string>);

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  label?: string;
  hint?: string;
  readonly?: boolean;
  choices?: Choices;
  blank?: boolean;
  trim?: boolean;
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  positive?: boolean;
  empty?: boolean;
  type?: string;
  /** Options Foundry does not know are ignored, as Foundry ignores them. */
  [other: string]: unknown;
}

export interface Failure {
  path: string;
  message: string;
}

export class DataModelValidationError extends Error {
  constructor(
    readonly what: string,
    readonly failures: readonly Failure[],
  ) {
    super(`${what} validation errors:\n${failures.map((f) => `  ${f.path}: ${f.message}`).join("\n")}`);
    this.name = "DataModelValidationError";
  }
}

export abstract class DataField {
  readonly options: FieldOptions;
  constructor(options: FieldOptions = {}) {
    this.options = { ...this.defaults(), ...options };
  }
  protected defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined };
  }
  get required(): boolean {
    return this.options.required === true;
  }
  get nullable(): boolean {
    return this.options.nullable === true;
  }
  getInitialValue(): unknown {
    const i = this.options.initial;
    return typeof i === "function" ? (i as () => unknown)() : deepClone(i);
  }
  /** Fills initial for a missing value, then casts and normalises (as Foundry's DataField#clean). */
  clean(value: unknown): unknown {
    if (value === undefined) return this.getInitialValue();
    if (value === null) return null;
    return this.cleanType(this.cast(value));
  }
  protected cast(value: unknown): unknown {
    return value;
  }
  protected cleanType(value: unknown): unknown {
    return value;
  }
  validate(value: unknown, path: string, failures: Failure[]): void {
    if (value === undefined) {
      if (this.required) failures.push({ path, message: "may not be undefined" });
      return;
    }
    if (value === null) {
      if (!this.nullable) failures.push({ path, message: "may not be null" });
      return;
    }
    const problem = this.validateType(value, path, failures);
    if (problem) failures.push({ path, message: problem });
  }
  /** Returns a problem message, or null; composite fields push their children's failures themselves. */
  protected abstract validateType(value: unknown, path: string, failures: Failure[]): string | null;
  /** The value as the model instance holds it (plain data, or a model for EmbeddedDataField). */
  initialize(value: unknown, _parent: unknown): unknown {
    return deepClone(value);
  }
  protected choiceList(): (string | number)[] | null {
    let c = this.options.choices;
    if (c === undefined) return null;
    if (typeof c === "function") c = c();
    return Array.isArray(c) ? [...(c as readonly (string | number)[])] : Object.keys(c);
  }
}

export class StringField extends DataField {
  protected override defaults(): FieldOptions {
    return { ...super.defaults(), blank: true, trim: true, nullable: false, initial: undefined };
  }
  override getInitialValue(): unknown {
    const i = super.getInitialValue();
    if (i !== undefined) return i;
    if (this.options.blank !== false) return "";
    return this.nullable ? null : undefined;
  }
  protected override cast(value: unknown): unknown {
    return typeof value === "string" ? value : String(value);
  }
  protected override cleanType(value: unknown): unknown {
    return typeof value === "string" && this.options.trim !== false ? value.trim() : value;
  }
  protected validateType(value: unknown): string | null {
    if (typeof value !== "string") return "must be a string";
    if (value === "") return this.options.blank === false ? "may not be a blank string" : null;
    const choices = this.choiceList();
    if (choices && !choices.includes(value)) return `${JSON.stringify(value)} is not a valid choice`;
    return null;
  }
}

export class HTMLField extends StringField {
  protected override defaults(): FieldOptions {
    return { ...super.defaults(), required: true, blank: true };
  }
}

export class NumberField extends DataField {
  protected override defaults(): FieldOptions {
    return { ...super.defaults(), initial: null, nullable: true, integer: false, positive: false };
  }
  /** As V13, whose fields carry their options as properties. */
  get min(): number | undefined {
    return typeof this.options.min === "number" ? this.options.min : undefined;
  }
  get max(): number | undefined {
    return typeof this.options.max === "number" ? this.options.max : undefined;
  }
  get integer(): boolean {
    return this.options.integer === true;
  }
  protected override cast(value: unknown): unknown {
    if (this.nullable && value === "") return null;
    return typeof value === "number" ? value : Number(value);
  }
  override clean(value: unknown): unknown {
    const v = super.clean(value);
    return v;
  }
  protected override cleanType(value: unknown): unknown {
    if (typeof value !== "number" || !Number.isFinite(value)) return value;
    let n = value;
    if (this.options.integer) n = Math.round(n);
    if (this.options.positive) n = Math.abs(n);
    if (typeof this.options.min === "number") n = Math.max(n, this.options.min);
    if (typeof this.options.max === "number") n = Math.min(n, this.options.max);
    return n;
  }
  protected validateType(value: unknown): string | null {
    if (typeof value !== "number") return "must be a number";
    if (!Number.isFinite(value)) return "must be a finite number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.options.positive && value <= 0) return "must be a positive number";
    if (typeof this.options.min === "number" && value < this.options.min) return `must be at least ${this.options.min}`;
    if (typeof this.options.max === "number" && value > this.options.max) return `must be at most ${this.options.max}`;
    const choices = this.choiceList();
    if (choices && !choices.map(Number).includes(value)) return `${value} is not a valid choice`;
    return null;
  }
}

export class BooleanField extends DataField {
  protected override defaults(): FieldOptions {
    return { ...super.defaults(), required: true, nullable: false, initial: false };
  }
  protected override cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }
  protected validateType(value: unknown): string | null {
    return typeof value === "boolean" ? null : "must be a boolean";
  }
}

export class ObjectField extends DataField {
  protected override defaults(): FieldOptions {
    return { ...super.defaults(), required: true, nullable: false };
  }
  override getInitialValue(): unknown {
    const i = super.getInitialValue();
    return i === undefined ? {} : i;
  }
  protected override cast(value: unknown): unknown {
    return isPlainObject(value) ? deepClone(value) : {};
  }
  protected validateType(value: unknown): string | null {
    return isPlainObject(value) ? null : "must be an object";
  }
}

export class ArrayField extends DataField {
  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super(options);
  }
  protected override defaults(): FieldOptions {
    return { ...super.defaults(), required: true, nullable: false, empty: true, initial: () => [] };
  }
  protected override cast(value: unknown): unknown {
    if (value instanceof Set) return [...value];
    if (isPlainObject(value) && Object.keys(value).every((k) => /^\d+$/.test(k))) return Object.values(value);
    return Array.isArray(value) ? value : [value];
  }
  protected override cleanType(value: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.clean(v)) : value;
  }
  protected validateType(value: unknown, path: string, failures: Failure[]): string | null {
    if (!Array.isArray(value)) return "must be an array";
    if (this.options.empty === false && value.length === 0) return "may not be empty";
    if (typeof this.options.min === "number" && value.length < this.options.min) return `must have at least ${this.options.min} elements`;
    if (typeof this.options.max === "number" && value.length > this.options.max) return `must have at most ${this.options.max} elements`;
    value.forEach((v, i) => this.element.validate(v, `${path}.${i}`, failures));
    return null;
  }
  override initialize(value: unknown, parent: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v, parent)) : value;
  }
}

export class SetField extends ArrayField {
  protected override cleanType(value: unknown): unknown {
    const cleaned = super.cleanType(value);
    return Array.isArray(cleaned) ? [...new Set(cleaned)] : cleaned;
  }
  override initialize(value: unknown, parent: unknown): unknown {
    const arr = super.initialize(value, parent);
    return Array.isArray(arr) ? new Set(arr) : arr;
  }
}

export type Schema = Record<string, DataField>;

export class SchemaField extends DataField {
  constructor(
    readonly fields: Schema,
    options: FieldOptions = {},
  ) {
    super(options);
  }
  protected override defaults(): FieldOptions {
    return { ...super.defaults(), required: true, nullable: false };
  }
  override getInitialValue(): unknown {
    const i = super.getInitialValue();
    return i === undefined ? this.clean({}) : i;
  }
  protected override cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }
  /** As V13: the field at a dotted path ("abilities.strength"), or undefined. */
  getField(path: string): DataField | undefined {
    let field: DataField | undefined = this;
    for (const key of path.split(".")) field = field instanceof SchemaField ? field.fields[key] : undefined;
    return field;
  }
  /** Keys the schema does not define are dropped, as Foundry drops them. */
  protected override cleanType(value: unknown): unknown {
    const v = value as Obj;
    const out: Obj = {};
    for (const [k, field] of Object.entries(this.fields)) {
      const c = field.clean(v[k]);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  protected validateType(value: unknown, path: string, failures: Failure[]): string | null {
    if (!isPlainObject(value)) return "must be an object";
    for (const [k, field] of Object.entries(this.fields)) field.validate(value[k], path ? `${path}.${k}` : k, failures);
    return null;
  }
  override initialize(value: unknown, parent: unknown): unknown {
    if (!isPlainObject(value)) return value;
    const out: Obj = {};
    for (const [k, field] of Object.entries(this.fields)) if (k in value) out[k] = field.initialize(value[k], parent);
    return out;
  }
}

export class DocumentUUIDField extends StringField {
  protected override defaults(): FieldOptions {
    return { ...super.defaults(), required: true, blank: false, nullable: true, initial: null };
  }
  protected override validateType(value: unknown): string | null {
    if (typeof value !== "string") return "must be a string";
    if (!/^(Compendium\.[\w-]+\.[\w-]+\.)?[A-Z][A-Za-z]+\.[A-Za-z0-9]{16}(\.[A-Z][A-Za-z]+\.[A-Za-z0-9]{16})*$/.test(value)) return `${JSON.stringify(value)} is not a valid document UUID`;
    const type = this.options.type;
    if (typeof type === "string") {
      const parts = value.replace(/^Compendium\.[\w-]+\.[\w-]+\./, "").split(".");
      if (parts[parts.length - 2] !== type) return `${JSON.stringify(value)} is not a ${type} UUID`;
    }
    return null;
  }
}

/** foundry.abstract.DataModel: a schema, a cleaned and validated _source, fields as own properties. */
export class DataModel {
  static defineSchema(): Schema {
    return {};
  }
  static readonly #schemas = new WeakMap<object, SchemaField>();
  static get schema(): SchemaField {
    let s = DataModel.#schemas.get(this);
    if (!s) {
      s = new SchemaField(this.defineSchema());
      DataModel.#schemas.set(this, s);
    }
    return s;
  }
  /** Foundry calls this on source data before cleaning (old shapes → new). */
  static migrateData(source: Obj): Obj {
    return source;
  }
  /** Cleans and validates a source; throws DataModelValidationError on failure. */
  static cleanSource(source: unknown, what: string, prefix = ""): Obj {
    const raw = isPlainObject(source) ? this.migrateData(deepClone(source)) : {};
    const cleaned = this.schema.clean(raw) as Obj;
    const failures: Failure[] = [];
    this.schema.validate(cleaned, prefix, failures);
    if (failures.length > 0) throw new DataModelValidationError(what, failures);
    return cleaned;
  }

  readonly _source: Obj;
  readonly parent: unknown;

  constructor(source: unknown = {}, options: { parent?: unknown } = {}) {
    const cls = this.constructor as typeof DataModel;
    this._source = cls.cleanSource(source, cls.name);
    this.parent = options.parent ?? null;
    const initialized = cls.schema.initialize(this._source, this) as Obj;
    Object.assign(this, initialized);
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  toObject(): Obj {
    return deepClone(this._source);
  }

  toJSON(): Obj {
    return this.toObject();
  }
}

/** foundry.abstract.TypeDataModel: the `system` of a document sub-type; prepare hooks run on every (re)build. */
export class TypeDataModel extends DataModel {
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  /** As Foundry's: the document's create runs it first; it may change the pending source (parent.updateSource) or return false. */
  async _preCreate(_data: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
  /** As Foundry's: the document's update runs it first with the expanded changes, which it may change, or return false. */
  async _preUpdate(_changes: Obj, _options: Obj, _user: unknown): Promise<boolean | void> {}
}

export class EmbeddedDataField extends SchemaField {
  constructor(
    readonly model: typeof DataModel,
    options: FieldOptions = {},
  ) {
    super(model.schema.fields, options);
  }
  override initialize(value: unknown, parent: unknown): unknown {
    return isPlainObject(value) ? new this.model(value, { parent }) : value;
  }
}

export const fields = {
  DataField,
  StringField,
  HTMLField,
  NumberField,
  BooleanField,
  ObjectField,
  ArrayField,
  SetField,
  SchemaField,
  EmbeddedDataField,
  DocumentUUIDField,
};
