import type { DeliveryStatus, StoredDelivery } from '@toolsteps/engine';
import { UsageError } from '../exit-codes.js';

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  'received',
  'running',
  'succeeded',
  'failed',
  'skipped',
];

/** A kept delivery as the CLI shows it: its body parsed (a raw byte array would print as numbers). */
export function deliveryView(delivery: StoredDelivery, { body }: { body: boolean }) {
  const { rawBody, receivedAt, finishedAt, ...rest } = delivery;
  return {
    ...rest,
    receivedAt: new Date(receivedAt).toISOString(),
    ...(finishedAt === undefined ? {} : { finishedAt: new Date(finishedAt).toISOString() }),
    bodyBytes: rawBody.byteLength,
    ...(body ? { body: parsedBody(rawBody) } : {}),
  };
}

/** The body as JSON when it is (every delivery the receiver kept is), else its text. */
function parsedBody(rawBody: Uint8Array): unknown {
  const text = Buffer.from(rawBody).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `--status failed,skipped`: known statuses only, so a typo is not an empty list. */
export function parseStatuses(text: string | undefined): DeliveryStatus[] | undefined {
  if (text === undefined) return undefined;
  const statuses = text.split(',').map((item) => item.trim());
  const unknown = statuses.filter((item) => !DELIVERY_STATUSES.includes(item as DeliveryStatus));
  if (unknown.length > 0)
    throw new UsageError(
      `--status: unknown ${unknown.join(', ')} (one or more of ${DELIVERY_STATUSES.join(', ')})`,
    );
  return statuses as DeliveryStatus[];
}

/** `--limit`: a whole number from 1. */
export function parseLimit(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const limit = Number(text);
  if (!/^\d+$/.test(text) || limit < 1)
    throw new UsageError(`--limit must be a whole number from 1 (got "${text}")`);
  return limit;
}
