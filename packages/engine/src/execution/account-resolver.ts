import { authOfAccount, type ConnectedAccount, type Integration, StepError } from '@toolsteps/sdk';
import { withArticle } from '@toolsteps/sdk/schema';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { SecretScrubber } from '../ports/services.js';

/**
 * Finds the connected account a step uses: the one it names (by id, else by name), the workflow's
 * default for the integration, or the integration's only account. Lookups are cached for the run.
 */
export class AccountResolver {
  private readonly cache = new Map<string, Promise<ConnectedAccount>>();

  constructor(
    private readonly vault: CredentialVault,
    private readonly scrubber: SecretScrubber,
    private readonly defaults: Record<string, string>,
  ) {}

  resolve(integration: Integration, requested: string | undefined): Promise<ConnectedAccount> {
    const wanted = requested ?? this.defaults[integration.id];
    const key = `${integration.id}\u0000${wanted ?? ''}`;
    let found = this.cache.get(key);
    if (!found) {
      found = this.lookup(integration, wanted).then((account) => {
        this.scrubber.addCredentials(account.credentials, authOfAccount(integration, account));
        return account;
      });
      // A failed lookup is not cached: the next step may find the account once it is connected.
      found.catch(() => this.cache.delete(key));
      this.cache.set(key, found);
    }
    return found;
  }

  private async lookup(integration: Integration, wanted: string | undefined): Promise<ConnectedAccount> {
    if (wanted === undefined) return this.onlyAccount(integration);
    const byId = await this.vault.get({ id: wanted }).catch(notFoundAsUndefined);
    const account = byId ?? (await this.vault.get({ integration: integration.id, name: wanted }));
    if (account.integration !== integration.id) {
      throw new StepError({
        code: 'validation',
        field: '/account',
        message: `Account "${wanted}" is ${withArticle(account.integration)} account; this step needs ${withArticle(integration.id)} account`,
      });
    }
    return account;
  }

  private async onlyAccount(integration: Integration): Promise<ConnectedAccount> {
    const accounts = await this.vault.list(integration.id);
    if (accounts.length === 1) return this.vault.get({ id: accounts[0].id });
    if (accounts.length === 0) {
      throw new StepError({
        code: 'validation',
        field: '/account',
        message: `No ${integration.title} account is connected: add one to the accounts file (see docs/accounts.md)`,
      });
    }
    throw new StepError({
      code: 'validation',
      field: '/account',
      message: `Several ${integration.title} accounts are connected (${accounts.map((a) => a.id).join(', ')}): name one with "account" on the step or in defaults.accounts`,
    });
  }
}

function notFoundAsUndefined(error: unknown): undefined {
  if (error instanceof StepError && error.code === 'not_found') return undefined;
  throw error;
}
