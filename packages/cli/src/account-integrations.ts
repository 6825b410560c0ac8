import type { CredentialVault, StepRegistry } from '@toolsteps/engine';
import { didYouMean } from '@toolsteps/sdk/schema';
import { UsageError } from './exit-codes.js';

/**
 * Refuses an accounts file whose accounts name an integration that is not installed: a misspelt
 * `"gihtub"` would otherwise sit unused until a step looks for a GitHub account and finds none.
 */
export async function checkAccountIntegrations(
  vault: CredentialVault,
  file: string,
  registry: StepRegistry,
): Promise<void> {
  const installed = registry.integrations().map((integration) => integration.id);
  const known = new Set(installed);
  const unknown = (await vault.list()).filter((account) => !known.has(account.integration));
  if (unknown.length === 0) return;
  const problems = unknown.map(
    (account) =>
      `account "${account.id}" names integration "${account.integration}"${didYouMean(account.integration, installed)}`,
  );
  const listed = installed.length > 0 ? installed.join(', ') : 'none';
  throw new UsageError(
    `${file}: ${problems.join('; ')}, which ${unknown.length === 1 ? 'is' : 'are'} not installed (installed integrations: ${listed})`,
  );
}
