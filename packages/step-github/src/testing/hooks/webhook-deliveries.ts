import { randomUUID } from 'node:crypto';
import { sign } from '@octokit/webhooks-methods';
import { HostAllowList, type SentWebhook, WebhookSender } from '@toolsteps/emulator';
import type { HookRecord } from './hooks-store.js';

/** GitHub's deliveries come from `GitHub-Hookshot/<build>`. */
const USER_AGENT = 'GitHub-Hookshot/e5d4c3b';
/** GitHub gives a receiver 10 s to answer. */
const DEFAULT_TIMEOUT_MS = 10_000;

/** One POST of a webhook to a hook's URL, as the emulator's delivery log keeps it. */
export interface WebhookDelivery extends SentWebhook {
  /** `X-GitHub-Delivery`: a redelivery keeps the id of the delivery it repeats. */
  id: string;
  hookId: number;
  event: string;
  /** The payload's `action`, null for events without one (push, create, ping...). */
  action: string | null;
  /** The payload the body carries. */
  payload: Record<string, unknown>;
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
 * Sends webhooks the way GitHub does (the emulator kit's sender: after the API call that caused them
 * has been answered, in order per hook), signed with the hook's secret (`X-Hub-Signature-256`), and
 * keeps each hook's last response.
 */
export class WebhookDeliveries {
  /** The emulator's root, for payloads that no request builds (a workflow run completing). */
  baseUrl = 'http://127.0.0.1';
  readonly #sender: WebhookSender<WebhookDelivery>;
  readonly #now: () => number;

  constructor(options: WebhookDeliveriesOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#sender = new WebhookSender({
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      hosts: new HostAllowList(options.hookHosts, 'hookHosts:'),
    });
  }

  /** Every delivery since start or the last `clear`, oldest first (a copy). */
  get log(): readonly WebhookDelivery[] {
    return this.#sender.log;
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
    return this.#send(hook, this.#entry(hook, event, payload, headers, body, false));
  }

  /**
   * Sends a logged delivery again to its hook: same id, event and body, signed with the hook's
   * secret as it is now (GitHub redelivers to the hook's current configuration).
   */
  redeliver(original: WebhookDelivery, hook: HookRecord): WebhookDelivery {
    const { 'x-hub-signature-256': _signature, ...headers } = original.headers;
    return this.#send(
      hook,
      this.#entry(hook, original.event, original.payload, headers, original.body, true),
    );
  }

  /** Resolves once every delivery queued so far has been answered or has failed. */
  settled(): Promise<void> {
    return this.#sender.settled();
  }

  /** Empties the log; deliveries still on their way finish in the background. */
  clear(): void {
    this.#sender.clear();
  }

  /** Cuts deliveries in flight (they are logged as failed) and waits for every queue to stop. */
  close(): Promise<void> {
    return this.#sender.close();
  }

  #entry(
    hook: HookRecord,
    event: string,
    payload: Record<string, unknown>,
    headers: Record<string, string>,
    body: string,
    redelivery: boolean,
  ): WebhookDelivery {
    return {
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
  }

  /** Queues a delivery on its hook, signed with the hook's secret at sending time. */
  #send(hook: HookRecord, delivery: WebhookDelivery): WebhookDelivery {
    const secret = hook.config.secret;
    return this.#sender.send(delivery, {
      queue: hook.id,
      sign: async (sent) => {
        if (secret !== undefined && secret !== '')
          sent.headers['x-hub-signature-256'] = await sign(secret, sent.body);
      },
      settled: (sent) => {
        hook.last_response = lastResponse(sent);
      },
    });
  }
}

/** A hook's `last_response` after a delivery: the receiver's status, or why nothing was delivered. */
function lastResponse(delivery: WebhookDelivery): HookRecord['last_response'] {
  if (delivery.status !== 'delivered' || delivery.statusCode === null)
    return { code: null, status: 'failed', message: delivery.error ?? null };
  const ok = delivery.statusCode >= 200 && delivery.statusCode < 300;
  return {
    code: delivery.statusCode,
    status: ok ? 'active' : 'failed',
    message: ok ? 'OK' : `Invalid HTTP Response: ${delivery.statusCode}`,
  };
}
