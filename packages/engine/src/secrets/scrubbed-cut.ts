import { CUT_MARK } from '@toolsteps/sdk/schema';
import type { SecretScrubber } from '../ports/services.js';
import { REDACTED } from './secret-scrubber.js';

/**
 * A text shortened to `max` characters for a message or a record: scrubbed first, so a secret the
 * cut would split is already gone, then cut, and a secret's start left at the cut redacted. The one
 * place a secret's start is redacted: done on any text with a `…`, it would tell a guess right.
 */
export function scrubbedCut(
  scrubber: Pick<SecretScrubber, 'scrub' | 'scrubCutEnd'>,
  text: string,
  max: number,
): string {
  const clean = scrubber.scrub(text);
  if (clean.length <= max) return clean;
  // A marker the cut would split is kept whole: `[REDAC…` reads as a broken word.
  const marker = clean.lastIndexOf(REDACTED, max - 1);
  const end = marker !== -1 && marker + REDACTED.length > max ? marker + REDACTED.length : max;
  const head = clean.slice(0, end);
  return `${scrubber.scrubCutEnd?.(head) ?? head}${CUT_MARK}`;
}
