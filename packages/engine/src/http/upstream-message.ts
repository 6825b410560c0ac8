import type { SecretScrubber } from '../ports/services.js';
import { scrubbedCut } from '../secrets/scrubbed-cut.js';

const MAX_MESSAGE = 300;
const MAX_DETAIL_TEXT = 2_000;

type Scrubber = Pick<SecretScrubber, 'scrub' | 'scrubValue'>;

/** Without a scrubber no secret is known: the text is only cut. */
const NO_SCRUBBER: Scrubber = { scrub: (text) => text, scrubValue: (value) => value };

/**
 * What the API said went wrong, from the usual error body shapes: `message`, `error` (text or
 * `{ message }`), `error_description`, `description`, and `errors` (texts, `{ field, message, code }`
 * items, or `{ field: [texts] }`); a text body as is. Scrubbed, then cut: a cut first could split a
 * secret into a piece no scrubber recognises.
 */
export function upstreamMessage(body: unknown, scrubber: Scrubber = NO_SCRUBBER): string | undefined {
  if (typeof body === 'string') {
    // Scrubbed before whitespace is squeezed: wrapped base64 is recognised by its line breaks.
    const clean = scrubber.scrub(body).trim();
    return clean === '' ? undefined : scrubbedCut(scrubber, clean.replace(/\s+/g, ' '), MAX_MESSAGE);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const error = record.error;
  const pieces: string[] = [];
  for (const piece of [
    text(error) ?? text((error as Record<string, unknown> | undefined)?.message),
    text(record.message),
    text(record.error_description),
    text(record.description),
  ]) {
    if (piece !== undefined && !pieces.includes(piece)) pieces.push(piece);
  }
  const errors = describeErrors(record.errors);
  const head = pieces.join(': ');
  const message = errors ? (head ? `${head} (${errors})` : errors) : head;
  return message === '' ? undefined : scrubbedCut(scrubber, message, MAX_MESSAGE);
}

/** The body as kept in `details.body`, scrubbed: large bodies are cut (after scrubbing) so errors stay small. */
export function bodyForDetails(body: unknown, scrubber: Scrubber = NO_SCRUBBER): unknown {
  if (typeof body === 'string') return scrubbedCut(scrubber, body, MAX_DETAIL_TEXT);
  if (body === null || typeof body !== 'object') return body;
  const clean = scrubber.scrubValue(body);
  const json = JSON.stringify(clean);
  return json.length > MAX_DETAIL_TEXT ? scrubbedCut(scrubber, json, MAX_DETAIL_TEXT) : clean;
}

function describeErrors(errors: unknown): string | undefined {
  if (Array.isArray(errors)) {
    const items = errors.map(describeItem).filter((item): item is string => item !== undefined);
    return items.length > 0 ? items.join('; ') : undefined;
  }
  if (errors !== null && typeof errors === 'object') {
    const items = Object.entries(errors).map(([field, value]) => {
      const messages = Array.isArray(value)
        ? value.map(describeItem).filter(Boolean).join(', ')
        : describeItem(value);
      return messages ? `${field}: ${messages}` : undefined;
    });
    const kept = items.filter((item): item is string => item !== undefined);
    return kept.length > 0 ? kept.join('; ') : undefined;
  }
  return text(errors);
}

function describeItem(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (item === null || typeof item !== 'object') return undefined;
  const record = item as Record<string, unknown>;
  const what = text(record.message) ?? text(record.description) ?? text(record.code);
  const field = text(record.field) ?? text(record.attribute);
  if (what === undefined) return field;
  return field ? `${field}: ${what}` : what;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
