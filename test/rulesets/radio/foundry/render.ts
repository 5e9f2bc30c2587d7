/**
 * Renders radio templates with real Handlebars (the browser tests' environment) for node tests:
 * HTML with entities decoded and whitespace collapsed, failing the test on any missing lang key or
 * format field. Each test file makes its own renderer (its own environment and missing-key lists).
 */
import { expect } from "vitest";
import { createHandlebars } from "../../../browser/harness.js";

export function radioRenderer() {
  const env = createHandlebars();
  function render(template: string, fixture: { context: Record<string, unknown> }): string {
    const html = env
      .renderTemplate(`radio/${template}.hbs`, fixture.context)
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&#x3D;/g, "=")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");
    expect([...env.i18n.missingKeys]).toEqual([]);
    expect([...env.i18n.missingFormatData]).toEqual([]);
    return html;
  }
  return { env, render };
}

/** The visible text of rendered HTML. */
export const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
