import type { Context } from '@toolsteps/emulator';

export type OAuthParams = Readonly<Record<string, string | undefined>>;

/** Why a request's parameters could not be read. */
export class UnreadableParams extends Error {}

/**
 * An OAuth request's parameters as GitHub reads them: the query string, overlaid by the body
 * (form-encoded, or JSON when its content type says so), and the client's id and secret from HTTP
 * Basic credentials for whichever of them the parameters leave out. Empty values count as absent.
 */
export async function readOAuthParams(c: Context): Promise<OAuthParams> {
  const params: Record<string, string | undefined> = {};
  const put = (key: string, value: unknown) => {
    if (typeof value === 'string' && value !== '') params[key] = value;
  };
  for (const [key, value] of new URL(c.req.url).searchParams) put(key, value);
  const text = await c.req.text();
  if (/json/i.test(c.req.header('content-type') ?? '')) {
    if (text.trim() !== '') {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new UnreadableParams('Problems parsing JSON');
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw new UnreadableParams('The JSON body must be an object of parameters');
      for (const [key, value] of Object.entries(body)) put(key, value);
    }
  } else {
    for (const [key, value] of new URLSearchParams(text)) put(key, value);
  }
  const basic = basicCredentials(c.req.header('authorization'));
  if (basic !== undefined) {
    if (params.client_id === undefined) put('client_id', basic.user);
    if (params.client_secret === undefined) put('client_secret', basic.password);
  }
  return params;
}

/** The user and password of an `Authorization: Basic` header, or undefined when there is none. */
export function basicCredentials(
  authorization: string | undefined,
): { user: string; password: string } | undefined {
  const encoded = /^basic\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
