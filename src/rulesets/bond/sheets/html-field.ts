/**
 * An HTMLField on a sheet (an item's description, a character's notes): edited as its raw HTML in a
 * <prose-mirror> (the value) and shown enriched (from TextEditor.enrichHTML), never as text in a
 * textarea, where the stored tags would show. Pure, so the fixtures build the same context.
 */
export interface HtmlFieldInput {
  raw: string;
  /** The enriched form; without one (fixtures, tests) the stored HTML is shown as it is. */
  html?: string;
}

export function htmlField(d: string | HtmlFieldInput): { raw: string; html: string } {
  return typeof d === "string" ? { raw: d, html: d } : { raw: d.raw, html: d.html ?? d.raw };
}

/**
 * Whether the field holds anything to show: text, or an image or embed. An editor's empty paragraph
 * ("<p></p>") counts as empty, so a read-only sheet can leave out the section instead of a bare heading.
 */
export function hasContent(raw: string): boolean {
  if (/<(img|iframe|video|audio|embed|object|hr)\b/i.test(raw)) return true;
  return raw.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim() !== "";
}
