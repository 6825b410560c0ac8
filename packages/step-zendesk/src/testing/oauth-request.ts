import type { Context } from '@toolsteps/emulator';
import { tokenError } from './oauth-errors.js';

/** A `POST /oauth/tokens` as read: its parameters and the client credentials it presents. */
export interface TokenRequest {
  params: Record<string, string | undefined>;
  clientId?: string;
  clientSecret?: string;
}

/**
 * Reads a token request, form-encoded or JSON as Zendesk accepts both. The client authenticates with
 * `client_id` and `client_secret` in the body or with HTTP Basic; naming two different clients is
 * refused, as rack-oauth2 (Zendesk's OAuth server) refuses it.
 */
export async function readTokenRequest(c: Context): Promise<TokenRequest | Response> {
  const params = await formOrJson(c);
  const basic = basicCredentials(c.req.header('authorization'));
  if (basic === undefined) return { params, clientId: params.client_id, clientSecret: params.client_secret };
  if (params.client_id !== undefined && params.client_id !== basic.clientId)
    return tokenError('invalid_request', 'Multiple client credentials are provided.');
  return { params, ...basic };
}

async function formOrJson(c: Context): Promise<Record<string, string | undefined>> {
  const text = await c.req.text();
  if (/json/i.test(c.req.header('content-type') ?? '')) {
    try {
      const body = JSON.parse(text);
      return Object.fromEntries(
        Object.entries(body ?? {}).map(([key, value]) => [
          key,
          typeof value === 'string' ? value : undefined,
        ]),
      );
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** `Authorization: Basic base64(client_id:client_secret)`, each part form-decoded (RFC 6749 §2.3.1). */
function basicCredentials(
  header: string | undefined,
): { clientId: string; clientSecret: string } | undefined {
  const match = /^basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const part = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  try {
    return { clientId: part(decoded.slice(0, colon)), clientSecret: part(decoded.slice(colon + 1)) };
  } catch {
    return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
  }
}
