import { type AccountSummary, StepError, Type } from '@toolsteps/sdk';

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
/**
 * Standard request headers, which the API key must never go in: a key in one would leak (to a proxy,
 * a log of User-Agents), break the request, or be overwritten. Node exposes no such list, so this is
 * the Fetch standard's forbidden request-header names plus the other standard (RFC 9110 and related)
 * request headers: auth, proxy, hop-by-hop, host and routing, content and transfer framing, cookies,
 * caching and conditions, user-agent, accept-*. Custom names (`X-Api-Key`, `Api-Key`) stay allowed.
 */
const STANDARD_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-charset',
  'accept-encoding',
  'accept-language',
  'accept-ranges',
  'access-control-request-headers',
  'access-control-request-method',
  'authorization',
  'cache-control',
  'connection',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-length',
  'content-location',
  'content-md5',
  'content-range',
  'content-type',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'early-data',
  'expect',
  'forwarded',
  'from',
  'host',
  'http2-settings',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'if-unmodified-since',
  'keep-alive',
  'max-forwards',
  'origin',
  'pragma',
  'priority',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'range',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'upgrade-insecure-requests',
  'user-agent',
  'via',
  'warning',
  'www-authenticate',
]);
/** Whole families the Fetch standard reserves, and the de-facto forwarding headers of proxies. */
const STANDARD_PREFIXES = ['proxy-', 'sec-', 'accept-', 'content-', 'if-', 'x-forwarded-'] as const;

function isStandardHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return STANDARD_HEADERS.has(lower) || STANDARD_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

export const DEFAULTS = {
  apiKeyHeader: 'X-Api-Key',
  personSearchPath: '/person/search',
  companySearchPath: '/company/search',
} as const;

/** The provider names neither the search paths nor the key's header: both are settings with defaults. */
export const EnrichmentConnection = Type.Object(
  {
    baseUrl: Type.String({
      format: 'uri',
      description: "The provider's API root, https (plain http only on loopback, for an emulator)",
    }),
    apiKeyHeader: Type.Optional(
      Type.String({
        pattern: HEADER_NAME.source,
        description: `The header the API key is sent in; default ${DEFAULTS.apiKeyHeader}`,
      }),
    ),
    personSearchPath: Type.Optional(
      Type.String({ description: `Path of the people search; default ${DEFAULTS.personSearchPath}` }),
    ),
    companySearchPath: Type.Optional(
      Type.String({ description: `Path of the company search; default ${DEFAULTS.companySearchPath}` }),
    ),
    maxCreditsPerRun: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          'The most credits one run may spend through this account; a metered step whose worst case would pass it fails with code budget and sends nothing',
      }),
    ),
  },
  { additionalProperties: false },
);

type Account = Pick<AccountSummary, 'name' | 'settings'>;

const refuse = (account: Account, field: string, value: unknown, why: string) =>
  new StepError({
    code: 'validation',
    field: `/settings/${field}`,
    message: `The Sales Intelligence account "${account.name}" has ${field} ${JSON.stringify(value ?? null)}: ${why}`,
  });

/**
 * The account's API root without a trailing slash. Refused before anything is sent: no URL, user
 * info, or plain http off loopback, since the API key goes to whatever host this names.
 */
export function enrichmentBaseUrl(account: Account): string {
  const raw = account.settings.baseUrl;
  if (typeof raw !== 'string' || !URL.canParse(raw))
    throw refuse(account, 'baseUrl', raw, "give the provider's API root as an absolute https URL");
  const url = new URL(raw);
  if (url.username || url.password)
    throw refuse(account, 'baseUrl', raw, 'it carries user info (user:password@)');
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
    throw refuse(
      account,
      'baseUrl',
      raw,
      'plain http is allowed only on loopback (an emulator): use https, so the API key is not sent unencrypted',
    );
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refuse(account, 'baseUrl', raw, 'use https');
  if (url.search || url.hash)
    throw refuse(account, 'baseUrl', raw, 'give the API root without a query or fragment');
  return raw.replace(/\/+$/, '');
}

/** The header the account's API key goes in: the setting, checked, or `X-Api-Key`. */
export function apiKeyHeaderOf(account: Account): string {
  const header = account.settings.apiKeyHeader;
  if (header === undefined) return DEFAULTS.apiKeyHeader;
  if (typeof header !== 'string' || !HEADER_NAME.test(header) || isStandardHeader(header))
    throw refuse(
      account,
      'apiKeyHeader',
      header,
      'give a header name of letters, digits and hyphens that is not a standard request header, e.g. X-Api-Key',
    );
  return header;
}

/** A search endpoint: the account's setting, else the default; a path, never a URL. */
export function searchPathOf(account: Account, kind: 'person' | 'company'): string {
  const field = kind === 'person' ? 'personSearchPath' : 'companySearchPath';
  const path = account.settings[field] ?? DEFAULTS[field];
  if (
    typeof path !== 'string' ||
    !/^\/[A-Za-z0-9/_.-]*$/.test(path) ||
    path.includes('//') ||
    /(^|\/)\.\.?(\/|$)/.test(path)
  )
    throw refuse(account, field, path, `give a path under the API root such as ${DEFAULTS[field]}`);
  return path.slice(1);
}
