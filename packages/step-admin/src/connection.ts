import { type ConnectedAccount, StepError, Type } from '@toolsteps/sdk';

export const REGIONS = ['AU', 'EU', 'US'] as const;
export type Region = (typeof REGIONS)[number];

const Url = Type.String({ format: 'uri', pattern: '^https?://' });

/**
 * An account's settings. The regional base addresses are the user's to configure (the service publishes
 * no host names), as a table per region or one `baseUrl` that overrides it.
 */
export const AdminConnection = Type.Object(
  {
    region: Type.Union(
      REGIONS.map((region) => Type.Literal(region)),
      { description: 'The region the organization is hosted in' },
    ),
    regions: Type.Optional(
      Type.Object(
        { AU: Type.Optional(Url), EU: Type.Optional(Url), US: Type.Optional(Url) },
        { additionalProperties: false, description: 'Base address of each region' },
      ),
    ),
    baseUrl: Type.Optional(Url),
    projectId: Type.Optional(
      Type.String({ minLength: 1, description: 'Default project of project-scoped steps' }),
    ),
  },
  { additionalProperties: false },
);

/** The base address the account's region maps to; `baseUrl` wins over the region table. */
export function adminBaseUrl(account: ConnectedAccount): string {
  const settings = account.settings as {
    region?: string;
    regions?: Record<string, string>;
    baseUrl?: string;
  };
  const url = settings.baseUrl ?? (settings.region ? settings.regions?.[settings.region] : undefined);
  if (url) return url;
  throw new StepError({
    code: 'validation',
    field: '/settings',
    message: `Account "${account.name}" has no base address for region ${settings.region ?? '(none)'}: set settings.regions.${settings.region ?? 'EU'} or settings.baseUrl`,
  });
}
