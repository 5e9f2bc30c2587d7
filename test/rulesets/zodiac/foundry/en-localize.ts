// game.i18n.format over the generated lang/en.json, for fixtures and tests of pure views that
// take a localizer (the panel, the roll dialog's refusal reason).
import en from "../../../../lang/en.json" with { type: "json" };

export function localize(key: string, data: Record<string, string | number> = {}): string {
  const text = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], en);
  return typeof text === "string" ? text.replace(/\{(\w+)\}/g, (_, k: string) => String(data[k] ?? "")) : key;
}
