import type { AuthSpec } from '../contracts/integration.js';

/** The credential fields each auth kind reads as secrets. */
const SECRET_FIELDS_BY_KIND: Record<AuthSpec['kind'], readonly string[]> = {
  token: ['token'],
  apiKey: ['apiKey'],
  oauth2: ['accessToken', 'refreshToken', 'clientSecret'],
};

/** Names that say "secret" in an undeclared field, e.g. a vault entry read before its integration is known. */
const SECRET_NAME = /secret|token|passw(?:or)?d|passphrase|key|credential|private|signature|cookie|session/i;
/** Names that say "not secret" though they mention one: `clientId`, `tokenType`, `expiresAt`, `publicKey`. */
const PUBLIC_NAME = /type|ur[il]$|expir|public|scope|name|email|login|region|host|domain/i;
/** `id`, `client_id`, `clientId`, `keyID`: identifiers, whatever they identify. */
const ID_NAME = /(?:^|[_-])ids?$|[a-z0-9]Ids?$|ID$/;

/** The credential fields an integration's auth reads as secrets, the ones it declares included. */
export function declaredSecretFields(auth: AuthSpec | undefined): readonly string[] {
  if (auth === undefined) return [];
  return [...SECRET_FIELDS_BY_KIND[auth.kind], ...(auth.secretFields ?? [])];
}

/**
 * Every secret string of a credentials object: values of declared fields, and (at any depth) values
 * under a field whose name says secret. A `clientId` or `username` is left out, so the scrubber
 * never blanks an app's own name or a login everyone sees.
 */
export function secretValues(credentials: Record<string, unknown>, auth?: AuthSpec): string[] {
  const declared = new Set(declaredSecretFields(auth));
  const found: string[] = [];
  const seen = new WeakSet<object>();
  const visit = (value: unknown, secret: boolean): void => {
    if (typeof value === 'string') {
      if (secret) found.push(value);
      return;
    }
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
    for (const [name, child] of entries) visit(child, name === '' ? secret : (isSecretName(name) ?? secret));
  };
  seen.add(credentials);
  for (const [name, value] of Object.entries(credentials))
    visit(value, declared.has(name) || (isSecretName(name) ?? false));
  return found;
}

/** Undefined when the name says neither: the field inherits from the one holding it. */
function isSecretName(name: string): boolean | undefined {
  if (PUBLIC_NAME.test(name) || ID_NAME.test(name)) return false;
  if (SECRET_NAME.test(name)) return true;
  return undefined;
}
