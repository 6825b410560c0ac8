import { renderPlaceholders } from './placeholders.js';
import { meetsConditions } from './rule-conditions.js';
import type { TicketChange } from './ticket-change.js';
import type { ZendeskApi } from './zendesk-api.js';

/**
 * Runs the account's active triggers over one ticket change, as Zendesk does after each create or
 * update: every trigger whose conditions hold notifies its webhooks (active ones) with its body
 * rendered. The emulator's triggers only notify webhooks, so one pass is all Zendesk's cycle would do.
 */
export function runTicketTriggers(api: ZendeskApi, change: TicketChange): void {
  const { automation } = api.state;
  for (const trigger of automation.activeTriggers()) {
    if (!meetsConditions(change, trigger.conditions)) continue;
    for (const action of trigger.actions) {
      if (action.field !== 'notification_webhook' || !Array.isArray(action.value)) continue;
      const [webhookId, template] = action.value as [string, string];
      const webhook = automation.webhooks.get(webhookId);
      if (webhook === undefined || webhook.status !== 'active') continue;
      automation.deliveries.send(
        {
          accountId: String(api.state.accountId),
          webhookId,
          endpoint: webhook.endpoint,
          body: renderPlaceholders(String(template ?? ''), api, change),
          secret: webhook.signingSecret,
        },
        trigger.id,
      );
    }
  }
}
