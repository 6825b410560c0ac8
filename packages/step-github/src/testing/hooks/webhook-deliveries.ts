import { randomUUID } from 'node:crypto';
import { sign } from '@octokit/webhooks-methods';
import { HostAllowList, webhookDestinationRefusal } from '@toolsteps/engine/testing';
import type { HookRecord } from './hooks-store.js';

/** GitHub's deliveries come from `GitHub-Hookshot/<build>`. */
const USER_AGENT = 'GitHub-Hookshot/e5d4c3b';
/** GitHub gives a receiver 10 s to answer. */
const DEFAULT_TIMEOUT_MS = 10_000;
/** The log keeps this many latest deliveries, so a long-running emulator stays small. */
const MAX_LOGGED = 10_000;

/** One POST of a webhook to a hook's URL, as the emulator's delivery log keeps it. */
export interface WebhookDelivery {
  /** `X-GitHub-Delivery`: a redelivery keeps the id of the delivery it repeats. */
  id: string;
  hookId: number;
  event: string;
  /** The payload's `action`, null for events without one (push, create, ping...). */
  action: string | null;
  url: string;
  headers: Record<string, string>;
  /** The exact bytes sent (and signed). */
  body: string;
  /** The payload the body carries. */
  payload: Record<string, unknown>;
  redelivery: boolean;
  /** `pending` until the receiver answers (`delivered`, any status) or cannot be reached (`failed`). */
  status: 'pending' | 'delivered' | 'failed';
  /** The receiver's HTTP status; null while pending or when it could not be reached. */
  statusCode: number | null;
  /** Why a failed delivery failed. */
  error?: string;
  deliveredAt: string;
}

/** Who a hook belongs to, as `X-GitHub-Hook-Installation-Target-*` name it. */
export interface HookTarget {
  type: 'repository' | 'organization';
  id: number;
}

export interface WebhookDeliveriesOptions {
  /** How long a receiver may take to answer; default 10 s, as on GitHub. */
  timeoutMs?: number;
  now?: () => number;
  /** Hosts besides loopback that deliveries may go to; default none (see GithubEmulatorOptions.hookHosts). */
  hookHosts?: readonly string[];
}

/**
 * Sends webhooks the way GitHub does: after the API call that caused them has been answered, one at
 * a time and in order per hook, signed with the hook's secret, and logged whatever the receiver
 * answers. A receiver that is down or slow never affects the API.
 */
export class WebhookDeliveries {
  /** The emulator's root, for payloads that no request builds (a workflow run completing). */
  baseUrl = 'http://127.0.0.1';
  #log: WebhookDelivery[] = [];
  readonly #queues = new Map<number, Promise<void>>();
  readonly #pending = new Set<Promise<void>>();
  readonly #abort = new AbortController();
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #hosts: HostAllowList;

  constructor(options: WebhookDeliveriesOptions = {}) {
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
    this.#hosts = new HostAllowList(options.hookHosts, 'hookHosts:');
  }

  /** Every delivery since start or the last `clear`, oldest first (a copy). */
  get log(): readonly WebhookDelivery[] {
    return [...this.#log];
  }

  /** Signs and queues one event for one hook; returns its log entry, completed once sent. */
  send(
    hook: HookRecord,
    target: HookTarget,
    event: string,
    payload: Record<string, unknown>,
  ): WebhookDelivery {
    const id = randomUUID();
    const json = JSON.stringify(payload);
    const form = hook.config.content_type === 'form';
    const body = form ? new URLSearchParams({ payload: json }).toString() : json;
    const headers: Record<string, string> = {
      accept: '*/*',
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      'user-agent': USER_AGENT,
      'x-github-delivery': id,
      'x-github-event': event,
      'x-github-hook-id': String(hook.id),
      'x-github-hook-installation-target-id': String(target.id),
      'x-github-hook-installation-target-type': target.type,
    };
    const delivery = this.#entry(hook, event, payload, headers, body, false);
    this.#enqueue(hook, delivery, hook.config.secret);
    return delivery;
  }

  /**
   * Sends a logged delivery again to its hook: same id, event and body, signed with the hook's
   * secret as it is now (GitHub redelivers to the hook's current configuration).
   */
  redeliver(original: WebhookDelivery, hook: HookRecord): WebhookDelivery {
    const { 'x-hub-signature-256': _signature, ...headers } = original.headers;
    const delivery = this.#entry(hook, original.event, original.payload, headers, original.body, true);
    this.#enqueue(hook, delivery, hook.config.secret);
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

  #entry(
    hook: HookRecord,
    event: string,
    payload: Record<string, unknown>,
    headers: Record<string, string>,
    body: string,
    redelivery: boolean,
  ): WebhookDelivery {
    const delivery: WebhookDelivery = {
      id: headers['x-github-delivery'],
      hookId: hook.id,
      event,
      action: typeof payload.action === 'string' ? payload.action : null,
      url: hook.config.url,
      headers,
      body,
      payload,
      redelivery,
      status: 'pending',
      statusCode: null,
      deliveredAt: new Date(this.#now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    this.#log.push(delivery);
    if (this.#log.length > MAX_LOGGED) this.#log = this.#log.slice(this.#log.length - MAX_LOGGED);
    return delivery;
  }

  #enqueue(hook: HookRecord, delivery: WebhookDelivery, secret: string | undefined): void {
    const previous = this.#queues.get(hook.id) ?? Promise.resolve();
    // setImmediate: the API answer that caused the event goes out first, as on GitHub.
    const next = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => this.#post(hook, delivery, secret));
    this.#queues.set(hook.id, next);
    this.#pending.add(next);
    void next.finally(() => {
      this.#pending.delete(next);
      if (this.#queues.get(hook.id) === next) this.#queues.delete(hook.id);
    });
  }

  async #post(hook: HookRecord, delivery: WebhookDelivery, secret: string | undefined): Promise<void> {
    if (this.#abort.signal.aborted) {
      this.#fail(hook, delivery, 'the emulator closed');
      return;
    }
    // Logged as failed, saying why, as an unreachable receiver is: the hook itself stays registered.
    const refused = webhookDestinationRefusal(delivery.url, this.#hosts);
    if (refused !== undefined) {
      this.#fail(hook, delivery, refused);
      return;
    }
    if (secret !== undefined && secret !== '') {
      delivery.headers['x-hub-signature-256'] = await sign(secret, delivery.body);
    }
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
      hook.last_response = {
        code: response.status,
        status: response.ok ? 'active' : 'failed',
        message: response.ok ? 'OK' : `Invalid HTTP Response: ${response.status}`,
      };
    } catch (error) {
      this.#fail(hook, delivery, (error as Error).message);
    }
  }

  #fail(hook: HookRecord, delivery: WebhookDelivery, reason: string): void {
    delivery.status = 'failed';
    delivery.error = reason;
    hook.last_response = { code: null, status: 'failed', message: reason };
  }
}
