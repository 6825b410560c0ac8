import type { LoggedDelivery } from './webhook-deliveries.js';
import type { ZendeskState } from './zendesk-state.js';

/** What tests do with the emulator's webhooks, besides calling its API. */
export interface WebhookControls {
  /** Every webhook invocation since start, oldest first (a copy). */
  readonly deliveries: readonly LoggedDelivery[];
  /** Resolves once every delivery queued so far has been answered or has failed. */
  webhooksSettled(): Promise<void>;
  /** Sends an invocation again with its id and body, as Zendesk retries one; signed anew. */
  redeliverWebhook(invocationId: string): LoggedDelivery;
}

export function webhookControls(state: ZendeskState): WebhookControls {
  const { automation } = state;
  return {
    get deliveries() {
      return automation.deliveries.log;
    },
    webhooksSettled: () => automation.deliveries.settled(),
    redeliverWebhook: (invocationId) => {
      const original = automation.deliveries.log.find((delivery) => delivery.invocationId === invocationId);
      if (original === undefined)
        throw new Error(`No webhook invocation ${invocationId} in the Zendesk emulator`);
      const webhook = automation.webhooks.get(original.webhookId);
      if (webhook === undefined)
        throw new Error(`Webhook ${original.webhookId} is gone from the Zendesk emulator`);
      return automation.deliveries.redeliver(original, webhook.signingSecret);
    },
  };
}
