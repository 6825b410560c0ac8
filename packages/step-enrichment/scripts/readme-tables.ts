import { catalogMarkdown, createRegistry } from '@toolsteps/engine';
import enrichment from '../src/index.js';

/**
 * The README's generated tables, by the name of their `<!-- name:start -->` … `<!-- name:end -->`
 * markers: the steps from the engine's own catalog renderer (`toolsteps steps --markdown`), so the
 * README cannot drift from the schemas.
 */
export function readmeTables(): Record<string, string> {
  return { steps: catalogMarkdown(createRegistry([enrichment]).catalog()) };
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
