import type { Context, Hono } from '@toolsteps/emulator';
import type { AutomationStore, RuleAction, RuleCondition, TriggerRecord } from './automation-store.js';
import { pageOf } from './cursor-page.js';
import { CONDITION_OPERATORS } from './rule-conditions.js';
import { callerIn, idParam, jsonObject, type ZendeskApi } from './zendesk-api.js';
import { forbidden, type InvalidField, recordInvalid, recordNotFound } from './zendesk-errors.js';

/** Zendesk files new triggers in the account's default category. */
const DEFAULT_CATEGORY = '360000081012';

/**
 * Ticket triggers: list (cursor or offset pages), create, show, update, delete. The emulator runs
 * `notification_webhook` actions only, and knows the conditions of `CONDITION_OPERATORS`: others are
 * refused (422) rather than silently never met. Admins only.
 */
export function registerTicketTriggerRoutes(app: Hono, api: ZendeskApi): void {
  const { automation } = api.state;
  const adminsOnly = (c: Context) => (callerIn(api, c).role === 'admin' ? undefined : forbidden());
  const json = (trigger: TriggerRecord) => ({
    url: `${api.origin()}/api/v2/triggers/${trigger.id}.json`,
    id: trigger.id,
    title: trigger.title,
    raw_title: trigger.title,
    active: trigger.active,
    position: trigger.position,
    category_id: trigger.category_id,
    // Zendesk's description types it a string: a trigger made without one answers an empty one.
    description: trigger.description ?? '',
    default: false,
    conditions: trigger.conditions,
    actions: trigger.actions,
    created_at: trigger.created_at,
    updated_at: trigger.updated_at,
  });

  app.get('/api/v2/triggers', (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const all = [...automation.triggers.values()].sort((a, b) => a.position - b.position || a.id - b.id);
    const page = pageOf(c, all, (query) => `${api.origin()}/api/v2/triggers.json?${query}`);
    if (page instanceof Response) return page;
    return c.json({ triggers: page.items.map(json), ...page.paging });
  });

  app.post('/api/v2/triggers', async (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const settings = triggerSettingsOf(automation, body.trigger, undefined);
    if (settings instanceof Response) return settings;
    const now = api.state.isoNow();
    const trigger: TriggerRecord = {
      id: automation.nextTriggerId(),
      category_id: DEFAULT_CATEGORY,
      position: automation.triggers.size + 1,
      ...settings,
      created_at: now,
      updated_at: now,
    };
    automation.triggers.set(trigger.id, trigger);
    return c.json({ trigger: json(trigger) }, 201);
  });

  app.get('/api/v2/triggers/:id', (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const trigger = automation.triggers.get(idParam(c) ?? 0);
    return trigger ? c.json({ trigger: json(trigger) }) : recordNotFound();
  });

  app.put('/api/v2/triggers/:id', async (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const trigger = automation.triggers.get(idParam(c) ?? 0);
    if (!trigger) return recordNotFound();
    const body = await jsonObject(c);
    if (body instanceof Response) return body;
    const settings = triggerSettingsOf(automation, body.trigger, trigger);
    if (settings instanceof Response) return settings;
    Object.assign(trigger, settings, { updated_at: api.state.isoNow() });
    return c.json({ trigger: json(trigger) });
  });

  app.delete('/api/v2/triggers/:id', (c) => {
    const refused = adminsOnly(c);
    if (refused) return refused;
    const id = idParam(c) ?? 0;
    if (!automation.triggers.delete(id)) return recordNotFound();
    return c.body(null, 204);
  });
}

type TriggerSettings = Pick<TriggerRecord, 'title' | 'description' | 'active' | 'conditions' | 'actions'> &
  Partial<Pick<TriggerRecord, 'position'>>;

/**
 * A create's settings, or an update's over the trigger it changes: title, description, active and
 * position as given; conditions and actions replaced together, as Zendesk's update does.
 */
function triggerSettingsOf(
  automation: AutomationStore,
  input: unknown,
  current: TriggerRecord | undefined,
): TriggerSettings | Response {
  if (input === null || typeof input !== 'object')
    return recordInvalid([{ field: 'trigger', error: 'BlankValue', description: 'Trigger: is missing' }]);
  const given = input as Record<string, unknown>;
  const problems: InvalidField[] = [];
  const refuse = (field: string, description: string) =>
    problems.push({ field, error: 'InvalidValue', description });
  const title = given.title ?? current?.title;
  if (typeof title !== 'string' || title.trim() === '')
    problems.push({ field: 'title', error: 'BlankValue', description: 'Title: cannot be blank' });
  const replacing = given.conditions !== undefined || given.actions !== undefined || current === undefined;
  const conditions = replacing ? conditionsOf(given.conditions, refuse) : current.conditions;
  const actions = replacing ? actionsOf(automation, given.actions, refuse) : current.actions;
  if (given.active !== undefined && typeof given.active !== 'boolean')
    refuse('active', 'Active: must be true or false');
  if (problems.length > 0) return recordInvalid(problems);
  return {
    title: title as string,
    description: typeof given.description === 'string' ? given.description : (current?.description ?? null),
    active: (given.active as boolean | undefined) ?? current?.active ?? true,
    conditions,
    actions,
    ...(Number.isInteger(given.position) ? { position: given.position as number } : {}),
  };
}

type Refuse = (field: string, description: string) => void;

function conditionsOf(input: unknown, refuse: Refuse): TriggerRecord['conditions'] {
  const given = (input ?? {}) as Record<string, unknown>;
  const list = (name: 'all' | 'any'): RuleCondition[] => {
    const items = given[name] ?? [];
    if (!Array.isArray(items)) {
      refuse('conditions', `Conditions: ${name} must be an array`);
      return [];
    }
    return items.flatMap((item) => {
      const { field, operator, value } = (item ?? {}) as Record<string, unknown>;
      const operators = typeof field === 'string' ? CONDITION_OPERATORS[field] : undefined;
      if (operators === undefined || typeof operator !== 'string' || !operators.includes(operator)) {
        refuse('conditions', `Conditions: ${JSON.stringify(field)} ${JSON.stringify(operator)} is not valid`);
        return [];
      }
      return [{ field: field as string, operator, value: value ?? null }];
    });
  };
  const conditions = { all: list('all'), any: list('any') };
  if (conditions.all.length + conditions.any.length === 0)
    refuse('conditions', 'Conditions: a trigger needs at least one condition');
  return conditions;
}

function actionsOf(automation: AutomationStore, input: unknown, refuse: Refuse): RuleAction[] {
  if (!Array.isArray(input) || input.length === 0) {
    refuse('actions', 'Actions: a trigger needs at least one action');
    return [];
  }
  return input.flatMap((item) => {
    const { field, value } = (item ?? {}) as Record<string, unknown>;
    if (field !== 'notification_webhook') {
      refuse(
        'actions',
        `Actions: ${JSON.stringify(field)} is not run by the emulator (notification_webhook only)`,
      );
      return [];
    }
    const [webhookId, body] = Array.isArray(value) ? value : [];
    if (typeof webhookId !== 'string' || !automation.webhooks.has(webhookId)) {
      refuse('actions', `Actions: webhook ${JSON.stringify(webhookId)} does not exist`);
      return [];
    }
    if (typeof body !== 'string') {
      refuse('actions', 'Actions: notification_webhook needs the webhook id and a body');
      return [];
    }
    return [{ field, value: [webhookId, body] }];
  });
}
