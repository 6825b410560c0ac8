import { StepError } from '@toolsteps/sdk';

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '[::1]']);

/**
 * The token endpoint an integration names, refused unless it is an absolute https URL (plain http
 * only on loopback, for an emulator): the refresh token and client secret go to it in clear.
 */
export function checkTokenUrl(raw: string, integrationTitle: string, accountName: string): URL {
  const refused = (why: string) =>
    new StepError({
      code: 'validation',
      message: `${integrationTitle}'s OAuth token URL for account "${accountName}" ${why}; nothing was sent`,
    });
  if (typeof raw !== 'string' || !/^https?:\/\//i.test(raw) || !URL.canParse(raw)) {
    throw refused('is not an absolute http(s) URL');
  }
  const url = new URL(raw);
  if (url.username || url.password) throw refused('carries user info (user:password@)');
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw refused(
      `uses plain http (${url.origin}): use https, so the refresh token and client secret are not sent unencrypted (http is allowed only on loopback, for an emulator)`,
    );
  }
  return url;
}

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}
