/**
 * Small, faithful stand-ins for the Handlebars helpers Foundry V13 registers
 * (foundry.applications.handlebars.*) that Fracas templates use, plus the i18n lookup behind
 * `localize`. They follow Foundry's public API documentation; they are re-implemented here, not
 * copied. A template calling a helper that is not here fails with Handlebars' "Missing helper"
 * error, which is what we want: add the helper (small) rather than silently rendering nothing.
 */
import Handlebars from "handlebars";

type HelperOptions = Handlebars.HelperOptions;
type Hash = Record<string, unknown>;

/** Translations flattened to dotted keys, plus a record of every problem seen while rendering. */
export class I18n {
  readonly strings = new Map<string, string>();
  /** Keys looked up that the language file does not have (Foundry would show the raw key). */
  readonly missingKeys = new Set<string>();
  /** `{name}` placeholders a `{{localize "KEY" …}}` call gave no value for. */
  readonly missingFormatData = new Set<string>();
  /** Language-file entries that are neither strings nor nested objects (Foundry cannot use them). */
  readonly invalidEntries: string[] = [];

  constructor(translations: unknown) {
    if (translations === null || typeof translations !== "object" || Array.isArray(translations)) {
      throw new Error("a language file must hold a JSON object");
    }
    flatten(translations, "", this.strings, this.invalidEntries);
  }

  has(key: string): boolean {
    return this.strings.has(key);
  }

  /** game.i18n.localize: the translation, or the key itself when missing (recorded). */
  localize(key: unknown): string {
    if (key instanceof Handlebars.SafeString) key = key.toString();
    if (typeof key !== "string" || key === "") {
      this.missingKeys.add(`(localize called with ${key === "" ? "an empty string" : String(key)})`);
      return "";
    }
    const value = this.strings.get(key);
    if (value === undefined) {
      this.missingKeys.add(key);
      return key;
    }
    return value;
  }

  /** game.i18n.format: localize, then replace each `{name}` with data[name]. */
  format(key: unknown, data: Hash): string {
    const template = this.localize(key);
    return template.replace(/{[^}]+}/g, (placeholder) => {
      const name = placeholder.slice(1, -1);
      const value = data[name];
      if (value === undefined || value === null) {
        this.missingFormatData.add(`${String(key)}: no value for ${placeholder}`);
        return placeholder;
      }
      return String(value instanceof Handlebars.SafeString ? value.toString() : value);
    });
  }

  /** Every problem seen so far, as readable lines (empty when all is well). */
  problems(): string[] {
    return [
      ...[...this.missingKeys].map((k) => `missing i18n key: ${k}`),
      ...[...this.missingFormatData].map((k) => `missing format data: ${k}`),
    ];
  }

  clearProblems(): void {
    this.missingKeys.clear();
    this.missingFormatData.clear();
  }
}

function flatten(node: unknown, prefix: string, out: Map<string, string>, invalid: string[]): void {
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else if (value !== null && typeof value === "object" && !Array.isArray(value)) flatten(value, path, out, invalid);
    else invalid.push(`${path}: ${JSON.stringify(value)}`);
  }
}

const escape = (value: unknown): string => Handlebars.Utils.escapeExpression(String(value ?? ""));
const isOptions = (value: unknown): value is HelperOptions =>
  typeof value === "object" && value !== null && "hash" in value && "data" in value;

interface SelectOption {
  value: string;
  label: string;
  group?: string;
  disabled?: boolean;
  selected?: boolean;
}

/** {{selectOptions choices selected=… localize=true blank="" sort=true inverted=true valueAttr labelAttr}} */
function selectOptions(i18n: I18n, choices: unknown, options: HelperOptions): Handlebars.SafeString {
  const hash = options.hash as Hash;
  const localize = Boolean(hash.localize);
  const valueAttr = (hash.valueAttr ?? hash.nameAttr) as string | undefined;
  const labelAttr = hash.labelAttr as string | undefined;
  const selectedRaw = hash.selected;
  const selected = new Set(
    (selectedRaw === undefined || selectedRaw === null ? [] : Array.isArray(selectedRaw) ? selectedRaw : [selectedRaw]).map(String),
  );

  const list: SelectOption[] = [];
  const fromObject = (o: Record<string, unknown>, fallbackValue?: string): SelectOption => ({
    value: String(o[valueAttr ?? "value"] ?? fallbackValue ?? ""),
    label: String(o[labelAttr ?? "label"] ?? ""),
    group: typeof o.group === "string" ? o.group : undefined,
    disabled: Boolean(o.disabled),
    selected: Boolean(o.selected),
  });
  if (Array.isArray(choices)) {
    for (const c of choices) {
      if (c !== null && typeof c === "object") list.push(fromObject(c as Record<string, unknown>));
      else list.push({ value: String(c), label: String(c) });
    }
  } else if (choices !== null && typeof choices === "object") {
    for (const [key, v] of Object.entries(choices as Record<string, unknown>)) {
      if (v !== null && typeof v === "object") list.push(fromObject(v as Record<string, unknown>, key));
      else if (hash.inverted) list.push({ value: String(v), label: key });
      else list.push({ value: key, label: String(v) });
    }
  } else if (choices !== undefined && choices !== null) {
    throw new Error(`selectOptions: choices must be an object or an array, got ${typeof choices}`);
  } else {
    throw new Error("selectOptions: choices is undefined (missing from the template context?)");
  }

  const text = (s: string) => (localize ? i18n.localize(s) : s);
  for (const o of list) o.label = text(o.label);
  if (hash.sort) list.sort((a, b) => a.label.localeCompare(b.label));

  const renderOption = (o: SelectOption) =>
    `<option value="${escape(o.value)}"${o.selected || selected.has(o.value) ? " selected" : ""}${o.disabled ? " disabled" : ""}>${escape(o.label)}</option>`;

  let html = "";
  const blank = hash.blank;
  if (blank !== undefined && blank !== null && blank !== false) {
    const label = typeof blank === "string" && blank !== "" ? text(blank) : "";
    html += `<option value="">${escape(label)}</option>`;
  }
  // Ungrouped options first, then one <optgroup> per group in order of first appearance
  // (or the order given by groups=[…]).
  const groupOrder = Array.isArray(hash.groups) ? (hash.groups as string[]) : [];
  for (const o of list) if (o.group && !groupOrder.includes(o.group)) groupOrder.push(o.group);
  html += list.filter((o) => !o.group).map(renderOption).join("");
  for (const g of groupOrder) {
    const members = list.filter((o) => o.group === g);
    if (members.length) html += `<optgroup label="${escape(text(g))}">${members.map(renderOption).join("")}</optgroup>`;
  }
  return new Handlebars.SafeString(html);
}

/** {{numberFormat value decimals=2 sign=true}} — fixed decimals, explicit "+" for non-negative values. */
function numberFormat(value: unknown, options: HelperOptions): Handlebars.SafeString {
  const hash = options.hash as Hash;
  const decimals = hash.decimals === undefined || hash.decimals === null ? null : Number(hash.decimals);
  let n: number = typeof value === "number" ? value : parseFloat(String(value));
  if (typeof value === "boolean") n = NaN;
  let s = decimals === null || Number.isNaN(n) ? String(n) : n.toFixed(decimals);
  if (hash.sign && n >= 0) s = `+${s}`;
  return new Handlebars.SafeString(s);
}

/** Registers the helpers on a Handlebars instance; `localize`/`selectOptions` report to `i18n`. */
export function registerFoundryHelpers(hb: typeof Handlebars, i18n: I18n): void {
  hb.registerHelper({
    localize(value: unknown, options: HelperOptions) {
      const hash = (options?.hash ?? {}) as Hash;
      return Object.keys(hash).length === 0 ? i18n.localize(value) : i18n.format(value, hash);
    },
    selectOptions: (choices: unknown, options: HelperOptions) => selectOptions(i18n, choices, options),
    checked: (value: unknown) => (value ? "checked" : ""),
    disabled: (value: unknown) => (value ? "disabled" : ""),
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    lt: (a: number, b: number) => a < b,
    gt: (a: number, b: number) => a > b,
    lte: (a: number, b: number) => a <= b,
    gte: (a: number, b: number) => a >= b,
    and: (...args: unknown[]) => args.filter((a) => !isOptions(a)).every(Boolean),
    or: (...args: unknown[]) => args.filter((a) => !isOptions(a)).some(Boolean),
    not: (value: unknown) => !value,
    concat(...args: unknown[]) {
      const options = args.pop() as HelperOptions;
      const join = ((options.hash as Hash).join as string | undefined) ?? "";
      return new Handlebars.SafeString(args.map((a) => String(a ?? "")).join(join));
    },
    json(value: unknown, options: HelperOptions) {
      const indent = (options?.hash as Hash | undefined)?.indent as number | undefined;
      return JSON.stringify(value, null, indent);
    },
    numberFormat,
    ifThen: (criteria: unknown, ifTrue: unknown, ifFalse: unknown) => (criteria ? ifTrue : ifFalse),
  });
}
