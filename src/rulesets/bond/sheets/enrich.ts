/** The stored HTML of a document's HTMLField with its enriched form for display (links, inline rolls…). */
export async function enrichField(document: Actor.Implementation | Item.Implementation, raw: string): Promise<{ raw: string; html: string }> {
  const html = await foundry.applications.ux.TextEditor.implementation.enrichHTML(raw, { relativeTo: document as never });
  return { raw, html };
}
