import type { Integration } from '@toolsteps/sdk';
import type { CatalogEntry } from '../ports/services.js';

/** One catalog row per step: what `toolsteps steps` lists and the catalog schema offers to editors. */
export function buildCatalog(integrations: readonly Integration[]): CatalogEntry[] {
  return integrations.flatMap((integration) =>
    integration.steps.map((step): CatalogEntry => {
      const entry: CatalogEntry = {
        id: step.id,
        title: step.title,
        description: step.description,
        integration: integration.id,
        integrationTitle: integration.title,
        effect: step.effect,
        status: step.available ? integration.status : 'unavailable',
        input: step.input,
        output: step.output,
      };
      if (step.idempotent === true) entry.idempotent = true;
      if (step.forModel) entry.modelOutput = step.forModel.output;
      if (!step.available) entry.unavailableReason = step.unavailableReason;
      return entry;
    }),
  );
}
