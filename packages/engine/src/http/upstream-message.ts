const MAX_MESSAGE = 300;
const MAX_DETAIL_TEXT = 2_000;

/**
 * What the API said went wrong, from the usual error body shapes: `message`, `error` (text or
 * `{ message }`), `error_description`, `description`, and `errors` (texts, `{ field, message, code }`
 * items, or `{ field: [texts] }`); a text body as is. Truncated.
 */
export function upstreamMessage(body: unknown): string | undefined {
  if (typeof body === 'string')
    return body.trim() === '' ? undefined : truncate(body.trim().replace(/\s+/g, ' '));
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
  return message === '' ? undefined : truncate(message);
}

/** The body as kept in `details.body`: large bodies are cut so errors stay small. */
export function bodyForDetails(body: unknown): unknown {
  if (typeof body === 'string')
    return body.length > MAX_DETAIL_TEXT ? `${body.slice(0, MAX_DETAIL_TEXT)}…` : body;
  if (body === null || typeof body !== 'object') return body;
  const json = JSON.stringify(body);
  return json.length > MAX_DETAIL_TEXT ? `${json.slice(0, MAX_DETAIL_TEXT)}…` : body;
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

function truncate(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}
