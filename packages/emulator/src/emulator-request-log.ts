import type { Context } from 'hono';

/** One request as the emulator received it, for tests to assert on (headers included, unredacted). */
export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  /** Query parameters; a repeated key gives an array. */
  query: Record<string, string | string[]>;
  /** Header names are lowercase. */
  headers: Record<string, string>;
  /** Parsed JSON when the content type says JSON, the text otherwise, undefined when empty. */
  body: unknown;
  /** The status the emulator answered with; unset while in flight or when the connection was dropped. */
  status?: number;
  /** When it arrived (epoch ms, the machine's clock). */
  receivedAt: number;
  /** Set when an injected fault handled the request. */
  fault?: 'status' | 'drop' | 'delay';
}

const UTF8 = new TextDecoder();

/** Reads a request into a record; Hono caches the body, so route handlers can still read it. */
export async function recordRequest(c: Context): Promise<RecordedRequest> {
  const url = new URL(c.req.url);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // Read as bytes: Hono caches the first read, and a later arrayBuffer() of a cached text would be
  // the text re-encoded, altering the bytes of a binary upload.
  const bytes = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await c.req.arrayBuffer();
  const text = bytes === undefined ? '' : UTF8.decode(bytes);
  return {
    method: c.req.method,
    path: url.pathname,
    query,
    headers,
    body: parseBody(text, headers),
    receivedAt: Date.now(),
  };
}

function parseBody(text: string, headers: Record<string, string>): unknown {
  if (text === '') return undefined;
  if (!/[/+]json\b/i.test(headers['content-type'] ?? '')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
