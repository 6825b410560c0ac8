import { catalogMarkdown, createRegistry, triggersMarkdown } from '@toolsteps/engine';
import zendesk from '../src/index.js';

/**
 * The README's generated tables, by the name of their `<!-- name:start -->` … `<!-- name:end -->`
 * markers. Steps come from the engine's own catalog renderer (`toolsteps steps --markdown`), so the
 * README cannot drift from the schemas; triggers likewise, from the engine's trigger table.
 */
export function readmeTables(): Record<string, string> {
  const registry = createRegistry([zendesk]);
  return {
    steps: catalogMarkdown(registry.catalog()),
    triggers: triggersMarkdown(registry.triggerCatalog()),
  };
}

/** What is between a section's markers, or undefined when the text has none. */
export function readmeSection(text: string, name: string): string | undefined {
  return text.split(`<!-- ${name}:start -->\n`)[1]?.split(`<!-- ${name}:end -->`)[0];
}

/** The text with every generated table put between its markers; a missing pair is an error. */
export function withReadmeTables(text: string): string {
  let written = text;
  for (const [name, table] of Object.entries(readmeTables())) {
    const start = `<!-- ${name}:start -->\n`;
    const end = `<!-- ${name}:end -->`;
    const [before, rest] = written.split(start);
    const after = rest?.split(end)[1];
    if (after === undefined) throw new Error(`The README has no ${start.trim()} … ${end} section`);
    written = `${before}${start}${table}${end}${after}`;
  }
  return written;
}
