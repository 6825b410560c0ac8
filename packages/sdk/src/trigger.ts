import type { Static, TSchema } from '@sinclair/typebox';
import type { AccountSummary } from './account.js';
import { CATALOG_ID } from './catalog-id.js';
import type { Entitlement } from './entitlement.js';
import type { HttpClient } from './http.js';
import type { Logger } from './logger.js';
import { describeViolations, type SchemaCheck, schemaCheck } from './schema/json-schema.js';

/** How a trigger learns of events: the third party calls us (`webhook`), or we ask it on an interval (`poll`). */
export type TriggerDeliveryKind = 'webhook' | 'poll';

/** A request the third party sent to a binding's URL, as the receiver got it. */
export interface WebhookDelivery {
  /** Lowercase names. */
  headers: Record<string, string>;
  /** The body parsed as JSON. */
  body: unknown;
  /** The body's bytes exactly as received: signatures are computed over these, never over `body`. */
  rawBody: Uint8Array;
}

/** What trigger code gets to talk to the third party: the same account-bound, path-only client steps get. */
export interface TriggerContext {
  /** The binding's connected account, without credentials. */
  account: AccountSummary;
  http: HttpClient;
  signal: AbortSignal;
  log: Logger;
  /**
   * Declares a value the third party answered with a secret (Zendesk's webhook signing secret), so
   * it is scrubbed from every log line, trace, error and recorded exchange, those already made too.
   */
  secret(value: string): void;
}

/** How a webhook trigger reads deliveries; registering and verifying them is its integration's (`webhooks`). */
export interface WebhookMatching<C extends TSchema, E extends TSchema> {
  /**
   * The third party's event names this trigger needs the registration to subscribe to (GitHub's
   * `issues`, `push`…). A binding's registration subscribes to exactly these.
   */
  subscribes: readonly string[];
  /**
   * The events one delivery makes for a binding with `config`: none (another action, another
   * repository, a ping), one, or many (one push, one event per commit). Synchronous and without I/O,
   * so every delivery can be routed quickly and `toolsteps trigger test` can replay captured ones.
   */
  match(delivery: WebhookDelivery, config: Static<C>): Static<E>[];
}

/** What one poll found, and where the next one starts. */
export interface PollOutcome<E> {
  events: E[];
  /** Opaque to the engine: committed with the events, handed to the next poll. */
  cursor: string;
}

export interface Polling<C extends TSchema, E extends TSchema> {
  /** How often a binding polls unless it says otherwise (its `interval`). */
  intervalMs: number;
  /** The shortest `interval` a binding may ask for, to stay within the API's quotas; default `intervalMs`. */
  minIntervalMs?: number;
  /**
   * Asks the third party what is new since `cursor`. The first poll of an activated binding gets
   * `undefined`: the engine records the cursor it returns and drops its events, so activation never
   * floods old items (a trigger may return none then).
   */
  run(cursor: string | undefined, config: Static<C>, ctx: TriggerContext): Promise<PollOutcome<Static<E>>>;
}

interface TriggerBase<C extends TSchema, E extends TSchema> {
  /** `integration.key`, stable, snake_case, unique among the integration's steps and triggers. */
  id: string;
  title: string;
  description: string;
  /** JSON Schema of a binding's `config`, an object: what to watch (a repository, an organization…). */
  config: C;
  /**
   * JSON Schema of one event: what a binding's filter and input mapping read as `$event`. The
   * properties it declares are what a mapping may read: a `$event` path outside them is refused when
   * a binding loads (give `additionalProperties` a schema, or `true`, where any name may appear).
   */
  event: E;
  /** A realistic event, checked against `event` when the trigger is defined: bindings are tested on it. */
  sample: Static<E>;
  /** Catalogued but not usable: bindings naming it are refused, with `unavailableReason`. */
  available?: boolean;
  unavailableReason?: string;
  /**
   * What the host must be entitled to for a binding of this trigger to activate (Zendesk's webhooks:
   * `{ id: 'zendesk.enterprise', title: 'Zendesk Enterprise plan' }`). Shown by `describe`; the
   * integration's steps are not affected.
   */
  requires?: readonly Entitlement[];
}

export interface WebhookTriggerDefinition<C extends TSchema, E extends TSchema> extends TriggerBase<C, E> {
  delivery: 'webhook';
  webhook: WebhookMatching<C, E>;
}

export interface PollTriggerDefinition<C extends TSchema, E extends TSchema> extends TriggerBase<C, E> {
  delivery: 'poll';
  poll: Polling<C, E>;
}

export type TriggerDefinition<C extends TSchema, E extends TSchema> =
  | WebhookTriggerDefinition<C, E>
  | PollTriggerDefinition<C, E>;

export type Trigger<C extends TSchema = TSchema, E extends TSchema = TSchema> = TriggerDefinition<C, E> & {
  available: boolean;
};

/** A catalog holds triggers of every config and event type. */
export type AnyTrigger = Trigger<any, any>;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What an integration remembers of one registration at the third party (e.g. `{ hookId: 42 }`); kept by the store. */
export type Registration = { [key: string]: JsonValue };

/** What a binding asks to be registered: its trigger's `subscribes`, delivered to `url`, signed with `secret`. */
export interface RegistrationRequest {
  /** The binding's config (which repository or organization…), already checked against the trigger's schema. */
  config: Record<string, unknown>;
  url: string;
  secret: string;
  subscribes: readonly string[];
  /**
   * The registration this one repairs, when a reconcile found it edited at the third party (another
   * URL, fewer events, deactivated): update it in place, so its id stays and no second one is made.
   * Undefined on a first activation and when it was found missing. An integration may ignore it.
   */
  previous?: Registration;
}

export interface Registered {
  registration: Registration;
  /**
   * The secret deliveries will be signed with, when the third party chooses it itself (Zendesk
   * generates each webhook's signing secret); by default the one the request offered.
   */
  secret?: string;
}

/**
 * How an integration registers and verifies webhooks, shared by all its webhook triggers (GitHub:
 * one hook per binding, one HMAC scheme for every event).
 */
export interface IntegrationWebhooks {
  /**
   * Creates the registration, idempotently: one already there for `url` (left by an earlier
   * activation), or the `previous` one a reconcile repairs, is reused and brought up to date, never
   * duplicated. Its context's HTTP client may send `secret`; no other client may.
   */
  register(request: RegistrationRequest, ctx: TriggerContext): Promise<Registered>;
  /** Removes it; one already gone is not an error. */
  unregister(registration: Registration, ctx: TriggerContext): Promise<void>;
  /** Whether the registration still stands as requested, so a reconcile can repair one removed or edited by hand. */
  inspect(
    registration: Registration,
    request: RegistrationRequest,
    ctx: TriggerContext,
  ): Promise<'ok' | 'missing' | 'changed'>;
  /**
   * Whether the delivery was signed with `secret` (over `rawBody`), checked in constant time. It
   * runs before the body is parsed: reading `delivery.body` here parses it, which costs far more.
   */
  verify(delivery: WebhookDelivery, secret: string): Promise<boolean>;
  /**
   * Optional, and cheap: whether the request's headers (lowercase names) carry a signature of the
   * right form (GitHub's `x-hub-signature-256: sha256=` and 64 hex digits), without a secret and
   * before a byte of the body is read. A request without one is refused (401) unread, so unsigned
   * senders cost no memory. Without it, every body is read (within the limits) to be verified.
   */
  hasSignature?(headers: Readonly<Record<string, string>>): boolean;
  /**
   * Optional: the signature of a verified delivery, in one spelling whatever variant was sent (the
   * third party's bytes, not a secret). The receiver keeps a digest of it with the delivery, so the
   * same signed request resent under another delivery id is a duplicate, not a second delivery.
   */
  signatureOf?(delivery: WebhookDelivery): string | undefined;
  /** The third party's id of the delivery (GitHub's `X-GitHub-Delivery`), the same on a redelivery. */
  deliveryId(delivery: WebhookDelivery): string | undefined;
  /**
   * Optional: the configs of bindings a delivery could have come to, most specific first (GitHub:
   * its repository's `{owner, repo}`, then its organization's `{org}`). `toolsteps trigger match`
   * checks a raw delivery with them when not told what a binding watches.
   */
  watchedBy?(delivery: WebhookDelivery): Array<Record<string, JsonValue>>;
}

/**
 * Checks a trigger where it is written, so a broken one fails when its package loads, not when a
 * delivery arrives: its id, its one way of delivery, what it requires, its config's type. Its schemas
 * are compiled, and its sample checked against its event schema, by `triggerSchemaProblems` when the
 * trigger is first used (the engine's registry) or tested: importing a step package compiles none of
 * its triggers' schemas, which a run that uses no trigger never needs.
 */
export function defineTrigger<C extends TSchema, E extends TSchema>(
  definition: WebhookTriggerDefinition<C, E>,
): Trigger<C, E>;
export function defineTrigger<C extends TSchema, E extends TSchema>(
  definition: PollTriggerDefinition<C, E>,
): Trigger<C, E>;
export function defineTrigger<C extends TSchema, E extends TSchema>(
  definition: TriggerDefinition<C, E>,
): Trigger<C, E> {
  const refuse = (reason: string): never => {
    throw new Error(`Trigger "${definition.id}" ${reason}`);
  };
  if (!CATALOG_ID.test(definition.id)) refuse('must have an id like "integration.snake_case_name"');
  const available = definition.available ?? true;
  if (!available && !definition.unavailableReason)
    refuse('is marked unavailable and must say why (unavailableReason)');
  checkDelivery(definition as TriggerDefinition<TSchema, TSchema>, refuse);
  checkRequires(definition.requires, refuse);
  if (definition.config?.type !== 'object')
    refuse('must have a "config" schema of type "object" (Type.Object)');
  return { ...definition, available };
}

/**
 * What is wrong with a trigger's schemas: one Ajv cannot compile, or a sample its event schema
 * refuses, each as `Trigger "<id>" …`. Compiles both schemas (once per schema object).
 */
export function triggerSchemaProblems(trigger: Trigger<TSchema, TSchema>): string[] {
  const problems: string[] = [];
  const refuse = (reason: string): never => {
    throw new TriggerSchemaProblem(`Trigger "${trigger.id}" ${reason}`);
  };
  for (const check of [
    () => {
      const violations = validator(trigger.event, 'event', refuse)(trigger.sample);
      if (violations.length > 0)
        refuse(
          `has a sample that does not match its event schema: ${describeViolations(violations, 'sample')}`,
        );
    },
    () => validator(trigger.config, 'config', refuse),
  ]) {
    try {
      check();
    } catch (error) {
      if (!(error instanceof TriggerSchemaProblem)) throw error;
      problems.push(error.message);
    }
  }
  return problems;
}

class TriggerSchemaProblem extends Error {}

function checkDelivery(
  definition: TriggerDefinition<TSchema, TSchema>,
  refuse: (reason: string) => never,
): void {
  const { webhook, poll } = definition as { webhook?: unknown; poll?: unknown };
  if (definition.delivery === 'webhook') {
    if (poll !== undefined) refuse('is a webhook trigger and must not have "poll"');
    const matching = webhook as Partial<WebhookMatching<TSchema, TSchema>> | undefined;
    if (typeof matching?.match !== 'function') refuse('is a webhook trigger and needs "webhook.match"');
    const subscribes = matching?.subscribes;
    if (
      !Array.isArray(subscribes) ||
      subscribes.length === 0 ||
      subscribes.some((name) => typeof name !== 'string' || name === '')
    )
      refuse('needs "webhook.subscribes": the third party\'s event names to register, e.g. ["issues"]');
    return;
  }
  if (definition.delivery === 'poll') {
    if (webhook !== undefined) refuse('is a poll trigger and must not have "webhook"');
    const polling = poll as Partial<Polling<TSchema, TSchema>> | undefined;
    if (typeof polling?.run !== 'function') refuse('is a poll trigger and needs "poll.run"');
    const { intervalMs, minIntervalMs } = polling as Polling<TSchema, TSchema>;
    if (!Number.isInteger(intervalMs) || intervalMs < 1)
      refuse('needs "poll.intervalMs", a whole number of milliseconds');
    if (
      minIntervalMs !== undefined &&
      (!Number.isInteger(minIntervalMs) || minIntervalMs < 1 || minIntervalMs > intervalMs)
    )
      refuse('has a "poll.minIntervalMs" that is not a whole number of milliseconds up to "poll.intervalMs"');
    return;
  }
  refuse(
    `has delivery ${JSON.stringify((definition as { delivery: unknown }).delivery)}; expected "webhook" or "poll"`,
  );
}

function checkRequires(requires: unknown, refuse: (reason: string) => never): void {
  if (requires === undefined) return;
  const well = (item: { id?: unknown; title?: unknown } | null) =>
    typeof item?.id === 'string' &&
    CATALOG_ID.test(item.id) &&
    typeof item.title === 'string' &&
    item.title.trim() !== '';
  if (!Array.isArray(requires) || !requires.every(well))
    refuse(
      'has a "requires" that is not a list of { id, title }, e.g. [{ id: "zendesk.enterprise", title: "Zendesk Enterprise plan" }]',
    );
}

/** A check against one of the trigger's schemas; one ajv cannot compile is the trigger's own fault, said so. */
function validator(
  schema: TSchema,
  name: 'event' | 'config',
  refuse: (reason: string) => never,
): SchemaCheck {
  if (schema === null || typeof schema !== 'object') return refuse(`needs an "${name}" schema`);
  try {
    return schemaCheck(schema);
  } catch (error) {
    return refuse(`has an "${name}" schema that is not a valid JSON Schema: ${(error as Error).message}`);
  }
}
