import type { JsonValue, WebhookDelivery } from '@toolsteps/sdk';

/**
 * What a binding watching this delivery's source would have in its config: the repository (`owner`
 * and `repo`), then the organization (`org`), as GitHub's payloads name them. Payloads without
 * either (a ping to a user, a gist) give none.
 */
export function watchedBy(delivery: WebhookDelivery): Array<Record<string, JsonValue>> {
  const body = delivery.body as {
    repository?: { name?: unknown; owner?: { login?: unknown } };
    organization?: { login?: unknown };
  } | null;
  const configs: Array<Record<string, JsonValue>> = [];
  const owner = body?.repository?.owner?.login;
  const repo = body?.repository?.name;
  if (typeof owner === 'string' && typeof repo === 'string') configs.push({ owner, repo });
  const org = body?.organization?.login;
  if (typeof org === 'string') configs.push({ org });
  return configs;
}
