import type { AuthSpec } from '@toolsteps/sdk';

/** The credential fields each auth kind reads as secrets. */
const SECRET_FIELDS_BY_KIND: Record<AuthSpec['kind'], readonly string[]> = {
  token: ['token'],
  apiKey: ['apiKey'],
  oauth2: ['accessToken', 'refreshToken', 'clientSecret'],
};

/** Names that say "secret" in an undeclared field, e.g. a vault entry read before its integration is known. */
const SECRET_NAME = /secret|token|passw(?:or)?d|passphrase|key|credential|private|signature|cookie|session/i;
/** Abbreviations that say "secret" only as a word of their own: `smtpPass`, `db_pwd`, `pin`, not `spinner`. */
const SECRET_WORDS: ReadonlySet<string> = new Set(['pass', 'pwd', 'pin']);
/** Said anywhere in a name, these make it public: a `publicKey`, an `expiresAt` date. */
const PUBLIC_ANYWHERE = /public|expir/i;
/**
 * Said last, what a name holds is public though it mentions a secret: `tokenType`, `tokenUrl`,
 * `secretName`, `client_email`, `subdomain`. Said first, it only qualifies one: `loginPassword`.
 */
const PUBLIC_LAST = /(?:type|ur[il]|scopes?|name|email|login|region|host|domain)$/i;
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
  if (PUBLIC_ANYWHERE.test(name) || PUBLIC_LAST.test(name) || ID_NAME.test(name)) return false;
  if (SECRET_NAME.test(name) || words(name).some((word) => SECRET_WORDS.has(word))) return true;
  return undefined;
}

/** `smtpHost_pass-2` → `smtp`, `host`, `pass`, `2`. */
function words(name: string): string[] {
  return (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g) ?? []).map((word) => word.toLowerCase());
}
