import { createHash } from 'node:crypto';

/**
 * The secret every worker and everyone who queues runs share: jobs are signed with it, and a worker
 * runs no job it cannot verify. Text (as `TOOLSTEPS_QUEUE_KEY` holds it) or bytes.
 */
export type QueueKey = string | Uint8Array;

/** Fewer bytes than this and the key could be guessed: 32 random bytes, as `openssl rand -base64 32` prints. */
export const MIN_QUEUE_KEY_BYTES = 32;
/** A key is a line, not a document: this bounds what a mistaken file or variable makes us hold. */
export const MAX_QUEUE_KEY_BYTES = 1024;

/** A checked key: its bytes, and an id that tells keys apart in a log without revealing them. */
export interface QueueKeyBytes {
  bytes: Buffer;
  id: string;
}

/** Checks `key` and returns its bytes; throws, saying how to make a good one, when it is too short or empty. */
export function queueKeyBytes(key: QueueKey): QueueKeyBytes {
  const bytes = typeof key === 'string' ? Buffer.from(key, 'utf8') : Buffer.from(key);
  if (bytes.length < MIN_QUEUE_KEY_BYTES || bytes.length > MAX_QUEUE_KEY_BYTES) {
    throw new Error(
      `The queue key is ${bytes.length} bytes long: it needs ${MIN_QUEUE_KEY_BYTES} to ${MAX_QUEUE_KEY_BYTES} ` +
        '(random ones: `openssl rand -base64 32` prints a good key)',
    );
  }
  if (new Set(bytes).size < 8)
    throw new Error('The queue key repeats a few characters: use a random one (`openssl rand -base64 32`)');
  return { bytes, id: queueKeyId(bytes) };
}

/** A short hash of the key: two processes with different keys show different ids, and nothing of the key leaks. */
function queueKeyId(bytes: Buffer): string {
  return createHash('sha256').update('toolsteps queue key id\n').update(bytes).digest('hex').slice(0, 8);
}
