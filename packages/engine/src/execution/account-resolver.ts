import { authOfAccount, type ConnectedAccount, type Integration, StepError } from '@toolsteps/sdk';
import { withArticle } from '@toolsteps/sdk/schema';
import { connectHint, howToConnect } from '../connect/connect-hint.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { SecretScrubber } from '../ports/services.js';

/**
 * Finds the connected account a step uses: the one it names (by id, else by name), the workflow's
 * default for the integration, or the integration's only account; all among the accounts of the
 * run's `user` (of no user when the run has none), never another user's. Lookups are cached for
 * the run.
 */
export class AccountResolver {
  private readonly cache = new Map<string, Promise<ConnectedAccount>>();

  constructor(
    private readonly vault: CredentialVault,
    private readonly scrubber: SecretScrubber,
    private readonly defaults: Record<string, string>,
    private readonly user: string | undefined = undefined,
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
    const user = this.user;
    const account = await this.find(integration, wanted);
    // A vault of the runtime's own could answer wrongly: no request may carry another user's credential.
    if (account.user !== user) {
      throw new StepError({
        code: 'unauthorized',
        message: `The vault answered an account of another user for ${withArticle(integration.id)} account${user === undefined ? '' : ` of user "${user}"`}: nothing was sent`,
      });
    }
    if (account.integration !== integration.id) {
      throw new StepError({
        code: 'validation',
        field: '/account',
        message: `Account "${wanted}" is ${withArticle(account.integration)} account; this step needs ${withArticle(integration.id)} account`,
      });
    }
    return account;
  }

  private async find(integration: Integration, wanted: string | undefined): Promise<ConnectedAccount> {
    const user = this.user;
    if (wanted === undefined) return this.onlyAccount(integration);
    const byId = await this.vault.get({ id: wanted, user }).catch(notFoundAsUndefined);
    return byId ?? (await this.vault.get({ integration: integration.id, name: wanted, user }));
  }

  private async onlyAccount(integration: Integration): Promise<ConnectedAccount> {
    const user = this.user;
    const accounts = await this.vault.list(integration.id, { user });
    if (accounts.length === 1) return this.vault.get({ id: accounts[0].id, user });
    if (accounts.length === 0) {
      const hint = connectHint(integration);
      throw new StepError({
        code: 'not_connected',
        field: '/account',
        message:
          user === undefined
            ? `No ${integration.title} account is connected: ${howToConnect(integration, user)}, or add one to the accounts file (see docs/accounts.md)`
            : `User "${user}" has no ${integration.title} account connected: ${howToConnect(integration, user)}`,
        details: {
          integration: integration.id,
          ...(user === undefined ? {} : { user }),
          ...(hint ? { connect: hint } : {}),
        },
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
