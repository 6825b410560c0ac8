import { randomBytes } from 'node:crypto';
import { WebhookDeliveries } from './webhook-deliveries.js';

/** A webhook of the account, as Zendesk keeps it; its signing secret is only read through its own endpoint. */
export interface WebhookRecord {
  id: string;
  name: string;
  description: string | null;
  endpoint: string;
  http_method: string;
  request_format: string;
  status: 'active' | 'inactive';
  subscriptions: string[];
  signingSecret: string;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

export interface RuleCondition {
  field: string;
  operator: string;
  value: unknown;
}

export interface RuleAction {
  field: string;
  value: unknown;
}

/** A ticket trigger (business rule): conditions over a ticket update, actions when they hold. */
export interface TriggerRecord {
  id: number;
  title: string;
  description: string | null;
  active: boolean;
  position: number;
  category_id: string;
  conditions: { all: RuleCondition[]; any: RuleCondition[] };
  actions: RuleAction[];
  created_at: string;
  updated_at: string;
}

/** Ids of triggers grow from a realistic start, apart from every other kind of id. */
const FIRST_TRIGGER_ID = 360_204_100_001;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The account's webhooks and triggers, and the deliveries they make. */
export class AutomationStore {
  readonly webhooks = new Map<string, WebhookRecord>();
  readonly triggers = new Map<number, TriggerRecord>();
  readonly deliveries: WebhookDeliveries;
  #nextTriggerId = FIRST_TRIGGER_ID;

  constructor(now: () => number) {
    this.deliveries = new WebhookDeliveries(now);
  }

  nextTriggerId(): number {
    return this.#nextTriggerId++;
  }

  /** Zendesk's webhook ids are ULIDs: `01GK8E6BKWMJZD2TEXAMPLE`. */
  newWebhookId(): string {
    const bytes = randomBytes(24);
    return `01${[...bytes].map((byte) => CROCKFORD[byte % 32]).join('')}`;
  }

  /** A secret Zendesk-like: 32 random bytes in base64, used as text. */
  newSigningSecret(): string {
    return randomBytes(32).toString('base64');
  }

  /** Triggers in the order Zendesk runs them. */
  activeTriggers(): TriggerRecord[] {
    return [...this.triggers.values()]
      .filter((trigger) => trigger.active)
      .sort((a, b) => a.position - b.position || a.id - b.id);
  }

  /** Forgets webhooks and triggers; the delivery log and deliveries on their way are kept. */
  clear(): void {
    this.webhooks.clear();
    this.triggers.clear();
    this.#nextTriggerId = FIRST_TRIGGER_ID;
  }
}
