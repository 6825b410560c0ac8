import { createHash } from 'node:crypto';
import type { IntegrationWebhooks, WebhookDelivery } from '@toolsteps/sdk';
import { tooDeepAt } from '../../validation/untrusted-json.js';
import type { AnyCompiledBinding } from '../compiled-binding.js';
import { BodyBudget, DEFAULT_MAX_BODY_BYTES } from './body-budget.js';
import { isJsonContentType } from './json-content-type.js';

/** Longer delivery ids are refused: ids are GUIDs, and a key of the store should not be a payload. */
const MAX_DELIVERY_ID_LENGTH = 200;

/** Signatures are tens of characters: a longer one is not digested (nor is the delivery deduplicated by it). */
const MAX_SIGNATURE_LENGTH = 1024;

/** How long a sender refused for want of room (503) is asked to wait: reads in flight end well within it. */
const RETRY_AFTER_SECONDS = 10;

/** An active binding as the receiver needs it: what verifies its deliveries. */
export interface ReceiverTarget {
  binding: AnyCompiledBinding;
  secret: string;
  webhooks: IntegrationWebhooks;
}

/** A request to a binding's URL, as an HTTP adapter hands it over. */
export interface HookRequest {
  bindingId: string;
  method: string;
  /** Lowercase names. */
  headers: Record<string, string>;
  /**
   * Reads the body chunk by chunk, asking `take` to admit each chunk's bytes before keeping it: the
   * whole body, or undefined as soon as `take` refuses a chunk (reading stops there).
   */
  readBody(take: (bytes: number) => boolean): Promise<Uint8Array | undefined>;
}

export interface ReceiverAnswer {
  status: number;
  body: Record<string, string | boolean>;
  headers?: Record<string, string>;
}

export interface DeliveryReceiverOptions {
  /** The active binding with this id, or undefined (unknown, or not activated). */
  target(bindingId: string): ReceiverTarget | undefined;
  /**
   * Commits a verified delivery durably; it is acknowledged only once this resolves. `replayKey`
   * is a digest of its signature, when the integration tells it (`signatureOf`).
   */
  commit(
    target: ReceiverTarget,
    delivery: WebhookDelivery,
    deliveryId: string,
    replayKey: string | undefined,
  ): Promise<'committed' | 'duplicate'>;
  /** Told of every request refused, with the status it got and why. */
  rejected?(bindingId: string, status: number, reason: string): void;
  maxBodyBytes?: number;
  /** The bytes of bodies held at once across requests; default a budget of its own (64 MiB). */
  budget?: BodyBudget;
}

export type DeliveryReceiver = (request: HookRequest) => Promise<ReceiverAnswer>;

/**
 * The receiver's core, shared by the Node and Web adapters. Each check comes before anything is
 * kept, cheapest first: the binding (404), the method (405), the content type (415), the form of
 * the signature header when the integration can tell it (401, nothing read), the declared size
 * (413), room in the budget shared by every request (503 with `Retry-After`, nothing read), the
 * size as read (413, reading stops at the limit; 503 when the budget runs out meanwhile), the
 * signature over the raw bytes (401), the body's JSON (400; parsed only once the signature holds).
 * Only a verified delivery is committed, and only a committed one is answered 2xx: 202, or 200 for
 * a duplicate (the same delivery id, or the same signature under another id). Every byte a request
 * took from the budget is given back once it is answered, however it ends.
 */
export function deliveryReceiver(options: DeliveryReceiverOptions): DeliveryReceiver {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const budget = options.budget ?? new BodyBudget();
  return async (request) => {
    const refuse = (status: number, reason: string, headers?: Record<string, string>): ReceiverAnswer => {
      options.rejected?.(request.bindingId, status, reason);
      return { status, body: { error: reason }, ...(headers ? { headers } : {}) };
    };
    const tooLarge = () => refuse(413, `the body is larger than ${maxBodyBytes} bytes`);
    const busy = () =>
      refuse(503, 'too many deliveries are being read at once; try again', {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    const target = options.target(request.bindingId);
    if (target === undefined) return refuse(404, 'no active binding has this id');
    if (request.method !== 'POST') return refuse(405, 'deliveries are POSTed', { allow: 'POST' });
    if (!isJsonContentType(request.headers['content-type']))
      return refuse(415, 'deliveries must be JSON (content type application/json)');
    if (!mayBeSigned(target, request.headers)) return refuse(401, 'the signature is missing or malformed');
    const declared = Number(request.headers['content-length']);
    if (declared > maxBodyBytes) return tooLarge();
    if (declared > 0 && !budget.fits(declared)) return busy();
    const lease = budget.lease();
    try {
      let stopped: 'limit' | 'budget' | undefined;
      const rawBody = await request.readBody((bytes) => {
        if (lease.taken + bytes > maxBodyBytes) stopped = 'limit';
        else if (!lease.take(bytes)) stopped = 'budget';
        return stopped === undefined;
      });
      if (rawBody === undefined) return stopped === 'budget' ? busy() : tooLarge();
      return await verifyAndCommit(target, request.headers, rawBody, options.commit, refuse);
    } finally {
      // Answered, refused, or its sender gone mid-body (the read rejects): the bytes are given back.
      lease.release();
    }
  };
}

async function verifyAndCommit(
  target: ReceiverTarget,
  headers: Record<string, string>,
  rawBody: Uint8Array,
  commit: DeliveryReceiverOptions['commit'],
  refuse: (status: number, reason: string, headers?: Record<string, string>) => ReceiverAnswer,
): Promise<ReceiverAnswer> {
  // The signature first: it costs one HMAC over the bytes, while parsing costs seconds for a
  // crafted 25 MB body. Verifiers read the raw bytes; one that reads `body` parses it then.
  let parsed: { value: unknown } | undefined;
  const unverified: WebhookDelivery = {
    headers,
    rawBody,
    get body() {
      parsed ??= parseJson(rawBody);
      return parsed?.value;
    },
  };
  if (!(await verified(target, unverified))) return refuse(401, 'the signature is missing or wrong');
  parsed ??= parseJson(rawBody);
  if (parsed === undefined) return refuse(400, 'the body is not JSON');

  const delivery: WebhookDelivery = { headers, body: parsed.value, rawBody };
  const deliveryId = target.webhooks.deliveryId(delivery);
  if (deliveryId === undefined || deliveryId === '' || deliveryId.length > MAX_DELIVERY_ID_LENGTH)
    return refuse(400, 'the delivery has no usable delivery id');

  let verdict: 'committed' | 'duplicate';
  try {
    verdict = await commit(target, delivery, deliveryId, replayKeyOf(target, delivery));
  } catch {
    // Not kept (neither by the store nor by the host's spool), so not acknowledged. A sender that
    // retries a 503 sends it again; GitHub does not: the host names the delivery to redeliver by hand.
    return refuse(503, 'the delivery could not be stored; try again', {
      'retry-after': String(RETRY_AFTER_SECONDS),
    });
  }
  return verdict === 'committed'
    ? { status: 202, body: { accepted: true, delivery: deliveryId } }
    : { status: 200, body: { duplicate: true, delivery: deliveryId } };
}

/** False only when the integration can tell, from the headers alone, that no signature is there to check. */
function mayBeSigned(target: ReceiverTarget, headers: Record<string, string>): boolean {
  const { hasSignature } = target.webhooks;
  if (hasSignature === undefined) return true;
  try {
    return hasSignature(headers) === true;
  } catch {
    return false;
  }
}

/**
 * A digest of the delivery's signature, kept with it: never the signature itself, which with the
 * kept body would be all a replay needs. Undefined when the integration does not tell it.
 */
function replayKeyOf(target: ReceiverTarget, delivery: WebhookDelivery): string | undefined {
  let signature: string | undefined;
  try {
    signature = target.webhooks.signatureOf?.(delivery);
  } catch {
    return undefined;
  }
  if (typeof signature !== 'string' || signature === '' || signature.length > MAX_SIGNATURE_LENGTH)
    return undefined;
  return createHash('sha256').update(signature).digest('hex');
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
