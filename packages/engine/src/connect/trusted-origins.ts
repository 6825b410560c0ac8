import type { OAuthClient, OAuthConnect } from '@toolsteps/sdk';

/**
 * Whether `url` lies at an origin the OAuth app is registered at: the integration's own origins, or
 * those the runtime added for its app. A pattern's `*` stands for one DNS label (`https://*.zendesk.com`).
 */
export function isTrustedOrigin(
  url: URL,
  connect: Pick<OAuthConnect, 'origins'>,
  client: OAuthClient,
): boolean {
  const patterns = [...connect.origins, ...(client.origins ?? [])];
  return patterns.some((pattern) => matches(url.origin, pattern));
}

function matches(origin: string, pattern: string): boolean {
  const wanted = pattern.replace(/\/+$/, '');
  if (!wanted.includes('*')) return URL.canParse(wanted) && new URL(wanted).origin === origin;
  const [scheme, host] = wanted.split('://');
  if (!host?.startsWith('*.')) return false;
  const parsed = new URL(origin);
  const suffix = host.slice(1).toLowerCase();
  const label = parsed.host.slice(0, parsed.host.length - suffix.length);
  return (
    `${parsed.protocol}` === `${scheme}:` &&
    parsed.host.toLowerCase().endsWith(suffix) &&
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label)
  );
}
