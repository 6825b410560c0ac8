import { REDACTED } from '../secrets/secret-scrubber.js';

/** Headers whose values are credentials whatever the integration: always redacted from exchanges. */
const ALWAYS_SECRET = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
]);
const SECRET_NAME = /token|secret|api[-_]?key|password|session|signature/i;

/** A copy of headers (names lowercase) with credential-bearing values replaced by `[REDACTED]`. */
export function redactHeaders(
  headers: Headers | Record<string, string>,
  secretNames: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase();
    out[name] = ALWAYS_SECRET.has(name) || secretNames.has(name) || SECRET_NAME.test(name) ? REDACTED : value;
  }
  return out;
}

/** Headers as a plain record with lowercase names. */
export function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}
