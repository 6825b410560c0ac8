import type { IntegrationWebhooks, WebhookDelivery } from '../../contracts/trigger.js';
import { tooDeepAt } from '../../validation/untrusted-json.js';
import type { CompiledBinding } from '../compiled-binding.js';
import { isJsonContentType } from './json-content-type.js';

/**
 * The largest body read: GitHub caps webhook payloads at 25 MB and never sends a larger one, so no
 * real delivery is refused. It is held in memory only while one request is verified; lower it
 * (`maxBodyBytes`) where the third party's deliveries are known to be small.
 */
export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

/** Longer delivery ids are refused: ids are GUIDs, and a key of the store should not be a payload. */
const MAX_DELIVERY_ID_LENGTH = 200;

/** An active binding as the receiver needs it: what verifies its deliveries. */
export interface ReceiverTarget {
  binding: CompiledBinding;
  secret: string;
  webhooks: IntegrationWebhooks;
}

/** A request to a binding's URL, as an HTTP adapter hands it over. */
export interface HookRequest {
  bindingId: string;
  method: string;
  /** Lowercase names. */
  headers: Record<string, string>;
  /** The body, or undefined as soon as more than `limit` bytes came (reading stops there). */
  readBody(limit: number): Promise<Uint8Array | undefined>;
}

export interface ReceiverAnswer {
  status: number;
  body: Record<string, string | boolean>;
  headers?: Record<string, string>;
}

export interface DeliveryReceiverOptions {
  /** The active binding with this id, or undefined (unknown, or not activated). */
  target(bindingId: string): ReceiverTarget | undefined;
  /** Commits a verified delivery durably; it is acknowledged only once this resolves. */
  commit(
    target: ReceiverTarget,
    delivery: WebhookDelivery,
    deliveryId: string,
  ): Promise<'committed' | 'duplicate'>;
  /** Told of every request refused, with the status it got and why. */
  rejected?(bindingId: string, status: number, reason: string): void;
  maxBodyBytes?: number;
}

export type DeliveryReceiver = (request: HookRequest) => Promise<ReceiverAnswer>;

/**
 * The receiver's core, shared by the Node and Web adapters. Each check comes before anything is
 * kept, cheapest first: the binding (404), the method (405), the content type (415), the size
 * (413, reading stops at the limit), the signature over the raw bytes (401), the body's JSON (400;
 * parsed only once the signature holds). Only a verified
 * delivery is committed, and only a committed one is answered 2xx: 202, or 200 for a redelivery.
 */
export function deliveryReceiver(options: DeliveryReceiverOptions): DeliveryReceiver {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  return async (request) => {
    const refuse = (status: number, reason: string, headers?: Record<string, string>): ReceiverAnswer => {
      options.rejected?.(request.bindingId, status, reason);
      return { status, body: { error: reason }, ...(headers ? { headers } : {}) };
    };
    const target = options.target(request.bindingId);
    if (target === undefined) return refuse(404, 'no active binding has this id');
    if (request.method !== 'POST') return refuse(405, 'deliveries are POSTed', { allow: 'POST' });
    if (!isJsonContentType(request.headers['content-type']))
      return refuse(415, 'deliveries must be JSON (content type application/json)');
    const declared = Number(request.headers['content-length']);
    if (declared > maxBodyBytes) return refuse(413, `the body is larger than ${maxBodyBytes} bytes`);
    const rawBody = await request.readBody(maxBodyBytes);
    if (rawBody === undefined) return refuse(413, `the body is larger than ${maxBodyBytes} bytes`);
    // The signature first: it costs one HMAC over the bytes, while parsing costs seconds for a
    // crafted 25 MB body. Verifiers read the raw bytes; one that reads `body` parses it then.
    let parsed: { value: unknown } | undefined;
    const unverified: WebhookDelivery = {
      headers: request.headers,
      rawBody,
      get body() {
        parsed ??= parseJson(rawBody);
        return parsed?.value;
      },
    };
    if (!(await verified(target, unverified))) return refuse(401, 'the signature is missing or wrong');
    parsed ??= parseJson(rawBody);
    if (parsed === undefined) return refuse(400, 'the body is not JSON');

    const delivery: WebhookDelivery = { headers: request.headers, body: parsed.value, rawBody };
    const deliveryId = target.webhooks.deliveryId(delivery);
    if (deliveryId === undefined || deliveryId === '' || deliveryId.length > MAX_DELIVERY_ID_LENGTH)
      return refuse(400, 'the delivery has no usable delivery id');

    let verdict: 'committed' | 'duplicate';
    try {
      verdict = await options.commit(target, delivery, deliveryId);
    } catch {
      // Not kept, so not acknowledged: the third party will deliver it again.
      return refuse(503, 'the delivery could not be stored; try again');
    }
    return verdict === 'committed'
      ? { status: 202, body: { accepted: true, delivery: deliveryId } }
      : { status: 200, body: { duplicate: true, delivery: deliveryId } };
  };
}

async function verified(target: ReceiverTarget, delivery: WebhookDelivery): Promise<boolean> {
  try {
    return (await target.webhooks.verify(delivery, target.secret)) === true;
  } catch {
    return false;
  }
}

/** The body as JSON, or undefined when it is not UTF-8 JSON or nests deeper than anything should. */
function parseJson(raw: Uint8Array): { value: unknown } | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    if (tooDeepAt(text) !== undefined) return undefined;
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}
