import { HostAllowList } from './loopback-host.js';
import { webhookDestinationRefusal } from './webhook-destination.js';

/** The log keeps this many latest deliveries, so a long-running emulator stays small. */
const MAX_LOGGED = 10_000;

/** One POST of a webhook, as an emulator's delivery log keeps it; an API's log adds its own fields. */
export interface SentWebhook {
  url: string;
  headers: Record<string, string>;
  /** The exact bytes sent (and signed). */
  body: string;
  redelivery: boolean;
  /** `pending` until the receiver answers (`delivered`, any status) or cannot be reached (`failed`). */
  status: 'pending' | 'delivered' | 'failed';
  /** The receiver's HTTP status; null while pending or when it could not be reached. */
  statusCode: number | null;
  /** Why a failed delivery failed. */
  error?: string;
}

export interface WebhookSenderOptions {
  /** How long a receiver may take to answer, as the API allows. */
  timeoutMs: number;
  /** Where deliveries may go: loopback, and the hosts the emulator was told (its `hookHosts`). */
  hosts?: HostAllowList;
}

export interface SendOptions<D extends SentWebhook> {
  /** Deliveries of one queue (a hook, a webhook) go out one at a time, in the order sent. */
  queue: string | number;
  /** Adds the API's signature headers just before the POST, so a redelivery is signed anew. */
  sign?: (delivery: D) => void | Promise<void>;
  /** Called once the receiver answered or the delivery failed (a hook's last response, say). */
  settled?: (delivery: D) => void;
}

/**
 * Sends webhooks the way a third-party API does: after the API call that caused them has been
 * answered, one at a time and in order per queue, only to allowed hosts, and logged whatever the
 * receiver answers. A receiver that is down or slow never affects the API. What a delivery carries
 * (headers, signature scheme, ids) is the API's: the emulator builds it and signs it through `sign`.
 */
export class WebhookSender<D extends SentWebhook> {
  hosts: HostAllowList;
  #log: D[] = [];
  readonly #queues = new Map<string | number, Promise<void>>();
  readonly #pending = new Set<Promise<void>>();
  readonly #abort = new AbortController();
  readonly #timeoutMs: number;

  constructor(options: WebhookSenderOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.hosts = options.hosts ?? new HostAllowList();
  }

  /** Every delivery since start or the last `clear`, oldest first (a copy). */
  get log(): readonly D[] {
    return [...this.#log];
  }

  /** Logs a pending delivery and queues it; returns it, completed in place once sent. */
  send(delivery: D, options: SendOptions<D>): D {
    this.#log.push(delivery);
    if (this.#log.length > MAX_LOGGED) this.#log = this.#log.slice(-MAX_LOGGED);
    const previous = this.#queues.get(options.queue) ?? Promise.resolve();
    // setImmediate: the API answer that caused the event goes out first, as the APIs do.
    const next = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.#post(delivery, options));
    this.#queues.set(options.queue, next);
    this.#pending.add(next);
    void next.finally(() => {
      this.#pending.delete(next);
      if (this.#queues.get(options.queue) === next) this.#queues.delete(options.queue);
    });
    return delivery;
  }

  /** Resolves once every delivery queued so far has been answered or has failed. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }

  /** Empties the log; deliveries still on their way finish in the background. */
  clear(): void {
    this.#log = [];
  }

  /** Cuts deliveries in flight (they are logged as failed) and waits for every queue to stop. */
  async close(): Promise<void> {
    this.#abort.abort(new Error('the emulator closed'));
    await this.settled();
  }

  async #post(delivery: D, options: SendOptions<D>): Promise<void> {
    if (this.#abort.signal.aborted) return this.#fail(delivery, 'the emulator closed', options);
    // Logged as failed, saying why, as an unreachable receiver is: the hook itself stays registered.
    const refused = webhookDestinationRefusal(delivery.url, this.hosts);
    if (refused !== undefined) return this.#fail(delivery, refused, options);
    await options.sign?.(delivery);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers,
        body: delivery.body,
        redirect: 'manual',
        signal: AbortSignal.any([this.#abort.signal, AbortSignal.timeout(this.#timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.status = 'delivered';
      delivery.statusCode = response.status;
      options.settled?.(delivery);
    } catch (error) {
      this.#fail(delivery, (error as Error).message, options);
    }
  }

  #fail(delivery: D, reason: string, options: SendOptions<D>): void {
    delivery.status = 'failed';
    delivery.error = reason;
    options.settled?.(delivery);
  }
}
