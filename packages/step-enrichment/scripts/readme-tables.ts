import { catalogMarkdown, createRegistry, withReadmeSections } from '@toolsteps/engine';
import enrichment from '../src/index.js';

/**
 * The README's generated tables, by the name of their `<!-- name:start -->` … `<!-- name:end -->`
 * markers: the steps from the engine's own catalog renderer (`toolsteps steps --markdown`), so the
 * README cannot drift from the schemas.
 */
export function readmeTables(): Record<string, string> {
  return { steps: catalogMarkdown(createRegistry([enrichment]).catalog()) };
}

/** The README with its generated tables rewritten from the catalog. */
export function withReadmeTables(text: string): string {
  return withReadmeSections(text, readmeTables());
}
