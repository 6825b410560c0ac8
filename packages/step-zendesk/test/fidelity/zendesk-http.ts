import type { HttpExchange, HttpMethod } from '@toolsteps/engine';
import { DEMO_TOKENS, type ZendeskEmulator } from '../../src/testing/index.js';

export interface RawRequest {
  /** `Authorization` header; Marco's OAuth token unless given, `null` for none. */
  authorization?: string | null;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  /** A non-JSON body (an upload) with its content type. */
  raw?: { content: Uint8Array; contentType: string };
}

/**
 * One request straight to the emulator, for the answers no step asks for (refusals, pages, other
 * routes), shaped as the exchange the engine records so the same checks read it.
 */
export async function zendeskHttp(
  emulator: ZendeskEmulator,
  method: HttpMethod,
  path: string,
  request: RawRequest = {},
): Promise<HttpExchange> {
  const authorization =
    request.authorization === undefined ? `Bearer ${DEMO_TOKENS.agentAccess}` : request.authorization;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (authorization !== null) headers.authorization = authorization;
  let body: Uint8Array | string | undefined;
  if (request.raw) {
    headers['content-type'] = request.raw.contentType;
    body = request.raw.content;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await fetch(`${emulator.baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  return {
    method,
    path,
    requestHeaders: headers,
    ...(request.body === undefined ? {} : { requestBody: request.body }),
    status: response.status,
    responseHeaders: Object.fromEntries(response.headers),
    responseBody: text === '' ? undefined : JSON.parse(text),
    attempt: 1,
    durationMs: 0,
  };
}

/** `Basic base64(email/token:apiToken)`, as an API token signs. */
export function apiTokenAuthorization(email: string, token: string = DEMO_TOKENS.apiToken): string {
  return `Basic ${Buffer.from(`${email}/token:${token}`).toString('base64')}`;
}
