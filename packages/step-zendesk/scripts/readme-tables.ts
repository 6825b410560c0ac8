import { catalogMarkdown, createRegistry, triggersMarkdown, withReadmeSections } from '@toolsteps/engine';
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

/** The README with its generated tables rewritten from the catalog. */
export function withReadmeTables(text: string): string {
  return withReadmeSections(text, readmeTables());
}
