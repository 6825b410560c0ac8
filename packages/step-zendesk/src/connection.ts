import { type ConnectedAccount, StepError, Type } from '@toolsteps/sdk';

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** One DNS label: letters, digits and inner hyphens. Nothing that could add a dot, a port or a path. */
const SUBDOMAIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

export const ZendeskConnection = Type.Object(
  {
    subdomain: Type.String({
      pattern: SUBDOMAIN.source,
      description: 'The part of the account host before .zendesk.com, e.g. "acme" for acme.zendesk.com',
    }),
    baseUrl: Type.Optional(
      Type.String({
        format: 'uri',
        description: 'Overrides https://SUBDOMAIN.zendesk.com, for an emulator (plain http only on loopback)',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The account's origin, `https://SUBDOMAIN.zendesk.com` without a trailing slash. A subdomain that
 * could name another host (`evil.com/`, `acme.zendesk.com`, `a@b`) is refused before anything is
 * sent: the account's credentials go to whatever host this names.
 */
export function zendeskOrigin(account: Pick<ConnectedAccount, 'name' | 'settings'>): string {
  const { subdomain, baseUrl } = account.settings;
  if (typeof baseUrl === 'string' && baseUrl !== '') return checkedBaseUrl(baseUrl, account.name);
  if (typeof subdomain !== 'string' || !SUBDOMAIN.test(subdomain)) {
    throw new StepError({
      code: 'validation',
      field: '/settings/subdomain',
      message: `The Zendesk account "${account.name}" has subdomain ${JSON.stringify(subdomain ?? null)}: give only the part before .zendesk.com (letters, digits and hyphens), e.g. "acme" for https://acme.zendesk.com`,
    });
  }
  return `https://${subdomain.toLowerCase()}.zendesk.com`;
}

function checkedBaseUrl(raw: string, accountName: string): string {
  const refuse = (why: string) =>
    new StepError({
      code: 'validation',
      field: '/settings/baseUrl',
      message: `The Zendesk account "${accountName}" has baseUrl ${raw}: ${why}`,
    });
  if (!URL.canParse(raw)) throw refuse('it is not an absolute URL');
  const url = new URL(raw);
  if (url.username || url.password) throw refuse('it carries user info (user:password@)');
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname))
    throw refuse(
      'plain http is allowed only on loopback (an emulator): use https, so credentials are not sent unencrypted',
    );
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('use https');
  return raw.replace(/\/+$/, '');
}
