import { DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_BUFFERED_BYTES } from '@toolsteps/engine';
import { UsageError } from '../exit-codes.js';

const UNITS: Record<string, number> = { '': 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

export interface BodyLimits {
  maxBodyBytes: number;
  maxBufferedBytes: number;
}

/**
 * `--max-body-bytes` and `--max-buffered-bytes`: whole numbers of bytes from 1, `KiB`, `MiB` or
 * `GiB` allowed (`25MiB`). The budget must hold one body of the largest size, or none could be read.
 */
export function parseBodyLimits(options: { maxBodyBytes?: string; maxBufferedBytes?: string }): BodyLimits {
  const maxBodyBytes = parseBytes('--max-body-bytes', options.maxBodyBytes) ?? DEFAULT_MAX_BODY_BYTES;
  const maxBufferedBytes =
    parseBytes('--max-buffered-bytes', options.maxBufferedBytes) ??
    Math.max(DEFAULT_MAX_BUFFERED_BYTES, maxBodyBytes);
  if (maxBodyBytes > maxBufferedBytes)
    throw new UsageError(
      `--max-body-bytes (${maxBodyBytes}) is more than --max-buffered-bytes (${maxBufferedBytes}): no delivery that large could ever be read; raise --max-buffered-bytes or lower --max-body-bytes`,
    );
  return { maxBodyBytes, maxBufferedBytes };
}

function parseBytes(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)\s*(KiB|MiB|GiB)?$/.exec(text.trim());
  const bytes = match === null ? Number.NaN : Number(match[1]) * UNITS[match[2] ?? ''];
  if (!Number.isSafeInteger(bytes) || bytes < 1)
    throw new UsageError(
      `${flag} must be a whole number of bytes from 1, or of KiB, MiB or GiB (e.g. 25MiB); got "${text}"`,
    );
  return bytes;
}
