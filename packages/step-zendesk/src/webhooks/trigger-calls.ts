import type { HttpClient, Static } from '@toolsteps/sdk';
import { ruleRefusal } from './rule-refusal.js';
import { triggerSettings } from './rule-settings.js';
import type { TicketEventName } from './ticket-events.js';
import { TriggerAnswer, TriggerPage, type ZendeskTrigger } from './zendesk-answers.js';

export type ZendeskTriggerJson = Static<typeof ZendeskTrigger>;

const PAGE_SIZE = 100;
/** Accounts keep hundreds of triggers at most; the loop is bounded all the same. */
const MAX_PAGES = 50;

const triggerPath = (id?: number) =>
  id === undefined ? 'api/v2/triggers.json' : `api/v2/triggers/${id}.json`;

export interface TriggerTarget {
  event: TicketEventName;
  url: string;
  webhookId: string;
}

export async function createTrigger(http: HttpClient, target: TriggerTarget): Promise<number> {
  const { status, body } = await http.request<Static<typeof TriggerAnswer>>({
    method: 'POST',
    path: triggerPath(),
    json: { trigger: triggerSettings(target.event, target.url, target.webhookId) },
    acceptStatus: [403],
    expect: TriggerAnswer,
  });
  if (status === 403) throw ruleRefusal(status, 'create a trigger');
  return body.trigger.id;
}

/** Replaces title, conditions and actions (Zendesk's PUT clears any it is not sent); `missing` when gone. */
export async function updateTrigger(
  http: HttpClient,
  id: number,
  target: TriggerTarget,
): Promise<'updated' | 'missing'> {
  const { status } = await http.request({
    method: 'PUT',
    path: triggerPath(id),
    json: { trigger: triggerSettings(target.event, target.url, target.webhookId) },
    retrySafe: true,
    acceptStatus: [403, 404],
    expect: TriggerAnswer,
  });
  if (status === 403) throw ruleRefusal(status, 'update a trigger');
  return status === 404 ? 'missing' : 'updated';
}

export async function readTrigger(http: HttpClient, id: number): Promise<ZendeskTriggerJson | undefined> {
  const { status, body } = await http.request<Static<typeof TriggerAnswer>>({
    method: 'GET',
    path: triggerPath(id),
    acceptStatus: [403, 404],
    expect: TriggerAnswer,
  });
  if (status === 403) throw ruleRefusal(status, 'read a trigger');
  return status === 404 ? undefined : body.trigger;
}

/** The trigger an earlier activation left notifying this webhook. */
export async function findTrigger(
  http: HttpClient,
  webhookId: string,
): Promise<ZendeskTriggerJson | undefined> {
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { status, body } = await http.request<Static<typeof TriggerPage>>({
      method: 'GET',
      path: triggerPath(),
      query: { 'page[size]': PAGE_SIZE, 'page[after]': after },
      acceptStatus: [403],
      expect: TriggerPage,
    });
    if (status === 403) throw ruleRefusal(status, 'list triggers');
    const found = body.triggers.find((trigger) => notifiedWebhook(trigger) === webhookId);
    if (found !== undefined) return found;
    if (!body.meta?.has_more || !body.meta.after_cursor) return undefined;
    after = body.meta.after_cursor;
  }
  return undefined;
}

export async function deleteTrigger(http: HttpClient, id: number): Promise<void> {
  await http.request({ method: 'DELETE', path: triggerPath(id), retrySafe: true, acceptStatus: [404] });
}

/** The webhook a trigger's `notification_webhook` action notifies, if it has one. */
export function notifiedWebhook(trigger: ZendeskTriggerJson): string | undefined {
  const action = trigger.actions.find((candidate) => candidate.field === 'notification_webhook');
  const value = Array.isArray(action?.value) ? action.value[0] : undefined;
  return typeof value === 'string' ? value : undefined;
}
