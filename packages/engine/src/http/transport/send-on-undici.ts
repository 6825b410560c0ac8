import type { Dispatcher } from 'undici';
import type { TransportOptions } from '../../ports/services.js';
import { formatBytes } from '../format-bytes.js';
import { declaresSize } from '../read-body.js';
import { AnswerCutOff } from './answer-failure.js';
import { collectBody, discardBody, drainEmptyBody } from './collect-body.js';
import { decodeBody } from './decode-body.js';
import { outgoingHeaders } from './outgoing-headers.js';
import { ResponseTooLarge } from './response-too-large.js';
import { UnusableAnswer } from './unusable-answer.js';

/** Statuses whose answers have no body: a Response cannot be built with one. */
const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

type RawHeaders = Record<string, string | string[] | undefined>;

/**
 * One send over undici's `request()`: fetch's default headers, no redirect followed, the answer's
 * body read within `maxResponseBytes` and decoded, as the Response ky reads. Loaded with undici by
 * the first send (`UndiciTransport`), not with the engine.
 */
export async function sendOnUndici(
  dispatcher: Dispatcher,
  request: Request,
  { signal, maxResponseBytes }: TransportOptions,
): Promise<Response> {
  const { url, method } = request;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  const hash = url.indexOf('#', pathStart);
  const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const answer = await dispatcher.request({
    origin: url.slice(0, pathStart),
    path: url.slice(pathStart, hash === -1 ? undefined : hash),
    method: method as Dispatcher.HttpMethod,
    headers: outgoingHeaders(request.headers),
    body,
    signal,
  });
  const status = answer.statusCode;
  const raw = answer.headers as RawHeaders;
  const refuse = (error: Error) => {
    discardBody(answer.body);
    return error;
  };
  if (status < 200 || status > 599) {
    throw refuse(
      new UnusableAnswer(`with HTTP status ${status}, which is no final status`, status, flat(raw)),
    );
  }
  // No body to read, whatever length the headers give (a HEAD's is the resource's, a 304's the
  // cached one's).
  if (method === 'HEAD' || NULL_BODY_STATUSES.has(status)) {
    drainEmptyBody(answer.body);
    return answered(null, answer, raw);
  }
  const declared = Number(raw['content-length'] ?? Number.NaN);
  if (declared > maxResponseBytes) {
    throw refuse(new ResponseTooLarge(declaresSize(declared, maxResponseBytes), status, flat(raw)));
  }
  const received = await collectBody(answer.body, maxResponseBytes, declared).catch((error: unknown) => {
    throw new AnswerCutOff(error, status, flat(raw));
  });
  if (received === undefined) {
    throw new ResponseTooLarge(`passed ${formatBytes(maxResponseBytes)} while streaming`, status, flat(raw));
  }
  const encoding = single(raw['content-encoding']);
  const decoded = await decodeBody(received, encoding, maxResponseBytes, signal).catch((error: Error) => {
    throw new UnusableAnswer(
      `with a body that does not decode as its content-encoding (${encoding}) says: ${error.message}`,
      status,
      flat(raw),
    );
  });
  if (decoded === undefined) {
    throw new ResponseTooLarge(
      `passed ${formatBytes(maxResponseBytes)} while decompressing`,
      status,
      flat(raw),
    );
  }
  return answered(decoded, answer, raw);
}

/** A reason phrase a Response can carry: undici decodes it as UTF-8, a Response takes bytes only. */
const STATUS_TEXT = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The Response ky gets; what cannot be one (a header undici let through, say) is an unusable answer. */
function answered(body: Buffer | null, answer: Dispatcher.ResponseData, raw: RawHeaders): Response {
  const status = answer.statusCode;
  try {
    const statusText = STATUS_TEXT.test(answer.statusText) ? answer.statusText : '';
    return new Response(body, { status, statusText, headers: headersOf(raw) });
  } catch (error) {
    throw new UnusableAnswer(`in a form that cannot be read: ${(error as Error).message}`, status, flat(raw));
  }
}

/**
 * The headers as a Response takes them: undici's own object when no header repeats (the Response
 * builds its Headers once from it), else name-value pairs, so set-cookie stays apart.
 */
function headersOf(raw: RawHeaders): Record<string, string> | [string, string][] {
  let pairs: [string, string][] | undefined;
  for (const name in raw) {
    const value = raw[name];
    if (typeof value === 'string' || value === undefined) continue;
    pairs ??= [];
    for (const one of value) pairs.push([name, one]);
  }
  if (pairs === undefined) return raw as Record<string, string>;
  for (const name in raw) {
    const value = raw[name];
    if (typeof value === 'string') pairs.push([name, value]);
  }
  return pairs;
}

function flat(raw: RawHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in raw) {
    const value = single(raw[name]);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}
