import { type HostAllowList, type SentWebhook, WebhookSender } from '@toolsteps/emulator';
import { zendeskSignature } from '../webhooks/sign-payload.js';
import { ZENDESK_HEADERS } from '../webhooks/webhook-headers.js';

/** A receiver gets this long to answer, as Zendesk's webhooks time out after about 12 s. */
const TIMEOUT_MS = 12_000;

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
export interface LoggedDelivery extends SentWebhook {
  /** `X-Zendesk-Webhook-Invocation-Id`, kept by a redelivery. */
  invocationId: string;
  webhookId: string;
  /** The trigger whose action made it. */
  triggerId: number;
}

/**
 * Sends webhooks as Zendesk does (the emulator kit's sender: after the API call that caused them has
 * been answered, in order per webhook), signed with the webhook's secret over timestamp + body.
 */
export class WebhookDeliveries {
  #nextInvocation = 8_350_205_582;
  readonly #sender = new WebhookSender<LoggedDelivery>({ timeoutMs: TIMEOUT_MS });

  constructor(private readonly now: () => number) {}

  /** Where invocations may go: loopback, and the hosts the emulator was told (its `hookHosts`). */
  get hosts(): HostAllowList {
    return this.#sender.hosts;
  }

  set hosts(hosts: HostAllowList) {
    this.#sender.hosts = hosts;
  }

  get log(): readonly LoggedDelivery[] {
    return this.#sender.log;
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

  settled(): Promise<void> {
    return this.#sender.settled();
  }

  close(): Promise<void> {
    return this.#sender.close();
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
    return this.#sender.send(delivery, {
      queue: invocation.webhookId,
      // Signed when sent: the signature covers the timestamp of the POST.
      sign: (sent) => {
        const timestamp = new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
        sent.headers[ZENDESK_HEADERS.timestamp] = timestamp;
        sent.headers[ZENDESK_HEADERS.signature] = zendeskSignature(invocation.secret, timestamp, sent.body);
      },
    });
  }
}
