import type { Integration } from '@toolsteps/sdk';
import type { TriggerCatalogEntry } from '../ports/services.js';

/** One catalog row per trigger: what `toolsteps triggers` lists and `toolsteps describe` shows. */
export function buildTriggerCatalog(integrations: readonly Integration[]): TriggerCatalogEntry[] {
  return integrations.flatMap((integration) =>
    (integration.triggers ?? []).map((trigger): TriggerCatalogEntry => {
      const entry: TriggerCatalogEntry = {
        kind: 'trigger',
        id: trigger.id,
        title: trigger.title,
        description: trigger.description,
        integration: integration.id,
        integrationTitle: integration.title,
        delivery: trigger.delivery,
        status: trigger.available ? integration.status : 'unavailable',
        config: trigger.config,
        event: trigger.event,
        sample: trigger.sample,
      };
      if (!trigger.available) entry.unavailableReason = trigger.unavailableReason;
      if (trigger.requires?.length) entry.requires = trigger.requires.map(({ id, title }) => ({ id, title }));
      if (trigger.delivery === 'webhook') entry.subscribes = [...trigger.webhook.subscribes];
      else entry.intervalMs = trigger.poll.intervalMs;
      return entry;
    }),
  );
}
