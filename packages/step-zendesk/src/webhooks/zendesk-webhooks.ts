import type { HttpClient, IntegrationWebhooks, RegistrationRequest } from '@toolsteps/sdk';
import { zendeskDeliveryId } from './delivery-id.js';
import { idsOf, type RuleIds, registrationOf } from './rule-registration.js';
import { eventOf, triggerSettings, WEBHOOK_SUBSCRIPTION } from './rule-settings.js';
import {
  createTrigger,
  deleteTrigger,
  findTrigger,
  readTrigger,
  type TriggerTarget,
  updateTrigger,
  type ZendeskTriggerJson,
} from './trigger-calls.js';
import { hasZendeskSignature, verifyZendeskSignature, zendeskSignatureOf } from './verify-signature.js';
import {
  createWebhook,
  deleteWebhook,
  findWebhook,
  readWebhook,
  signingSecret,
  updateWebhook,
  type ZendeskWebhook,
} from './webhook-calls.js';

/**
 * Zendesk's webhooks. A webhook hears ticket activity only through a business rule, so a binding's
 * registration is two records: a webhook subscribed to conditional ticket events, and a trigger whose
 * conditions pick the event and whose action notifies the webhook with the ticket as JSON. Both are
 * found again (by the ids a reconcile hands back, or by the binding's URL), never duplicated.
 * Zendesk chooses each webhook's signing secret: `register` reads it and returns it.
 */
export const zendeskWebhooks: IntegrationWebhooks = {
  register: async (request, ctx) => {
    const event = eventOf(request.subscribes);
    const previous = idsOf(request.previous);
    const { webhookId, created } = await ensureWebhook(ctx.http, request.url, previous.webhookId);
    const target: TriggerTarget = { event, url: request.url, webhookId };
    // A trigger of another webhook is no previous of this one (its webhook was recreated).
    const previousTrigger = previous.webhookId === webhookId ? previous.triggerId : undefined;
    const triggerId = await ensureTrigger(ctx.http, target, previousTrigger, created);
    const secret = await signingSecret(ctx.http, webhookId);
    // It came in an answer: out of every record from here on, and out of the one that held it.
    ctx.secret(secret);
    return { registration: registrationOf({ webhookId, triggerId }), secret };
  },

  unregister: async (registration, ctx) => {
    const { webhookId, triggerId } = idsOf(registration);
    // The trigger first: Zendesk will not delete a webhook a trigger still notifies.
    if (triggerId !== undefined) await deleteTrigger(ctx.http, triggerId);
    if (webhookId !== undefined) await deleteWebhook(ctx.http, webhookId);
  },

  inspect: async (registration, request, ctx) => {
    const { webhookId, triggerId } = idsOf(registration);
    const webhook = webhookId === undefined ? undefined : await readWebhook(ctx.http, webhookId);
    if (webhook === undefined || webhookId === undefined) return 'missing';
    const trigger = triggerId === undefined ? undefined : await readTrigger(ctx.http, triggerId);
    // The webhook stands: a repair keeps it and its secret, and recreates only the trigger.
    if (trigger === undefined) return 'changed';
    return webhookStands(webhook, request) && triggerStands(trigger, request, webhookId) ? 'ok' : 'changed';
  },

  verify: verifyZendeskSignature,

  hasSignature: hasZendeskSignature,

  signatureOf: zendeskSignatureOf,

  deliveryId: zendeskDeliveryId,

  // Every binding of an account hears the whole account: there is nothing narrower to watch.
  watchedBy: () => [{}],
};

async function ensureWebhook(
  http: HttpClient,
  url: string,
  previous: string | undefined,
): Promise<{ webhookId: string; created: boolean }> {
  if (previous !== undefined && (await updateWebhook(http, previous, url)) === 'updated')
    return { webhookId: previous, created: false };
  const existing = await findWebhook(http, url);
  if (existing !== undefined && (await updateWebhook(http, existing.id, url)) === 'updated')
    return { webhookId: existing.id, created: false };
  return { webhookId: await createWebhook(http, url), created: true };
}

async function ensureTrigger(
  http: HttpClient,
  target: TriggerTarget,
  previous: RuleIds['triggerId'] | undefined,
  webhookIsNew: boolean,
): Promise<number> {
  if (previous !== undefined && (await updateTrigger(http, previous, target)) === 'updated') return previous;
  // No trigger can notify a webhook made a moment ago: no need to look.
  const existing = webhookIsNew ? undefined : await findTrigger(http, target.webhookId);
  if (existing !== undefined && (await updateTrigger(http, existing.id, target)) === 'updated')
    return existing.id;
  return createTrigger(http, target);
}

function webhookStands(webhook: ZendeskWebhook, request: RegistrationRequest): boolean {
  return (
    webhook.endpoint === request.url &&
    webhook.status === 'active' &&
    webhook.http_method === 'POST' &&
    webhook.request_format === 'json' &&
    (webhook.subscriptions ?? []).includes(WEBHOOK_SUBSCRIPTION)
  );
}

/** Active, and with exactly the conditions and the action `register` gives it. */
function triggerStands(
  trigger: ZendeskTriggerJson,
  request: RegistrationRequest,
  webhookId: string,
): boolean {
  const wanted = triggerSettings(eventOf(request.subscribes), request.url, webhookId);
  // Zendesk answers `value: null` for a condition sent without one (`changed`).
  const plain = (list: readonly { field: string; operator: string; value?: unknown }[] | null | undefined) =>
    (list ?? []).map(({ field, operator, value }) => ({ field, operator, value: value ?? null }));
  const conditions = { all: plain(trigger.conditions.all), any: plain(trigger.conditions.any) };
  const wantedConditions = { all: plain(wanted.conditions.all), any: plain(wanted.conditions.any) };
  return (
    trigger.active &&
    sameJson(conditions, wantedConditions) &&
    sameJson(
      trigger.actions.map(({ field, value }) => ({ field, value })),
      wanted.actions,
    )
  );
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
