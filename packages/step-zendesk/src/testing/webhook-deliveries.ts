import { HostAllowList, webhookDestinationRefusal } from '@toolsteps/engine/testing';
import { zendeskSignature } from '../webhooks/sign-payload.js';
import { ZENDESK_HEADERS } from '../webhooks/webhook-headers.js';

/** A receiver gets this long to answer, as Zendesk's webhooks time out after about 12 s. */
const TIMEOUT_MS = 12_000;
/** The log keeps this many latest invocations, so a long-running emulator stays small. */
const MAX_LOGGED = 10_000;

/** What one invocation sends: the account, a webhook, its endpoint and the exact body (rendered JSON). */
export interface WebhookInvocation {
  /** `X-Zendesk-Account-Id`. */
  accountId: string;
  webhookId: string;
  endpoint: string;
  body: string;
  secret: string;
}

/** One POST of a webhook, as the emulator's log keeps it. */
export interface LoggedDelivery {
  /** `X-Zendesk-Webhook-Invocation-Id`, kept by a redelivery. */
  invocationId: string;
  webhookId: string;
  /** The trigger whose action made it. */
  triggerId: number;
  url: string;
  headers: Record<string, string>;
  body: string;
  redelivery: boolean;
  status: 'pending' | 'delivered' | 'failed';
  statusCode: number | null;
  error?: string;
}

/**
 * Sends webhooks as Zendesk does: after the API call that caused them has been answered, in order
 * per webhook, signed with the webhook's secret over timestamp + body, and logged whatever the
 * receiver answers. A receiver that is down or slow never affects the API.
 */
export class WebhookDeliveries {
  /** Where invocations may go: loopback, and the hosts the emulator was told (its `hookHosts`). */
  hosts = new HostAllowList();
  #log: LoggedDelivery[] = [];
  #nextInvocation = 8_350_205_582;
  readonly #queues = new Map<string, Promise<void>>();
  readonly #pending = new Set<Promise<void>>();
  readonly #abort = new AbortController();

  constructor(private readonly now: () => number) {}

  get log(): readonly LoggedDelivery[] {
    return [...this.#log];
  }

  send(invocation: WebhookInvocation, triggerId: number): LoggedDelivery {
    const invocationId = String(this.#nextInvocation++);
    return this.#queue(invocation, triggerId, invocationId, false);
  }

  /** Sends a logged invocation again, same id and body, signed anew with the webhook's secret as it is now. */
  redeliver(original: LoggedDelivery, secret: string): LoggedDelivery {
    const invocation = {
      accountId: original.headers[ZENDESK_HEADERS.accountId],
      webhookId: original.webhookId,
      endpoint: original.url,
      body: original.body,
      secret,
    };
    return this.#queue(invocation, original.triggerId, original.invocationId, true);
  }

  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  async close(): Promise<void> {
    this.#abort.abort(new Error('the emulator closed'));
    await this.settled();
  }

  #queue(
    invocation: WebhookInvocation,
    triggerId: number,
    invocationId: string,
    redelivery: boolean,
  ): LoggedDelivery {
    const delivery: LoggedDelivery = {
      invocationId,
      webhookId: invocation.webhookId,
      triggerId,
      url: invocation.endpoint,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Zendesk Webhook',
        [ZENDESK_HEADERS.accountId]: invocation.accountId,
        [ZENDESK_HEADERS.webhookId]: invocation.webhookId,
        [ZENDESK_HEADERS.invocationId]: invocationId,
      },
      body: invocation.body,
      redelivery,
      status: 'pending',
      statusCode: null,
    };
    this.#log.push(delivery);
    if (this.#log.length > MAX_LOGGED) this.#log = this.#log.slice(-MAX_LOGGED);
    const previous = this.#queues.get(invocation.webhookId) ?? Promise.resolve();
    // setImmediate: the API answer that caused the event goes out first, as on Zendesk.
    const next = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.#post(delivery, invocation.secret));
    this.#queues.set(invocation.webhookId, next);
    this.#pending.add(next);
    void next.finally(() => {
      this.#pending.delete(next);
      if (this.#queues.get(invocation.webhookId) === next) this.#queues.delete(invocation.webhookId);
    });
    return delivery;
  }

  async #post(delivery: LoggedDelivery, secret: string): Promise<void> {
    if (this.#abort.signal.aborted) return this.#fail(delivery, 'the emulator closed');
    const refused = webhookDestinationRefusal(delivery.url, this.hosts);
    if (refused !== undefined) return this.#fail(delivery, refused);
    const timestamp = new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    delivery.headers[ZENDESK_HEADERS.timestamp] = timestamp;
    delivery.headers[ZENDESK_HEADERS.signature] = zendeskSignature(secret, timestamp, delivery.body);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = 'delivered';
      delivery.statusCode = response.status;
    } catch (error) {
      this.#fail(delivery, (error as Error).message);
    }
  }

  #fail(delivery: LoggedDelivery, reason: string): void {
    delivery.status = 'failed';
    delivery.error = reason;
  }
}
