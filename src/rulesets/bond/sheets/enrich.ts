/** The stored HTML of a document's HTMLField with its enriched form for display (links, inline rolls…). */
import { enrichHtml } from "../../../foundry/enrich.js";

export async function enrichField(document: Actor.Implementation | Item.Implementation, raw: string): Promise<{ raw: string; html: string }> {
  return { raw, html: await enrichHtml(document, raw) };
}
