/**
 * An HTMLField's stored HTML enriched for display on a sheet (content links, inline rolls),
 * relative to its document. Every Fracas sheet shows HTML fields this way, edited in a prose-mirror.
 */
export function enrichHtml(document: Actor.Implementation | Item.Implementation, raw: unknown): Promise<string> {
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(typeof raw === "string" ? raw : "", { relativeTo: document as never });
}
