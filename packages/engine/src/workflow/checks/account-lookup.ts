import type { AccountSummary } from '@toolsteps/sdk';
import { didYouMean, withArticle } from '@toolsteps/sdk/schema';
import type { AccountScope, CredentialVault } from '../../ports/credential-vault.js';
import type { Problem } from '../diagnostic.js';

/**
 * Accounts as a vault lists them (no credentials), each integration's list asked for once, and why
 * a name given for an integration resolves to none of its accounts.
 */
export class AccountLookup {
  private readonly lists = new Map<string, Promise<AccountSummary[]>>();
  private all?: Promise<AccountSummary[]>;

  /** `user`: whose accounts a workflow will run with; undefined, those of no user. */
  constructor(
    private readonly vault: CredentialVault,
    user?: string,
  ) {
    this.scope = { user };
  }

  private readonly scope: AccountScope;

  of(integration: string): Promise<AccountSummary[]> {
    let list = this.lists.get(integration);
    if (list === undefined) {
      list = this.vault
        .list(integration, this.scope)
        .then((found) => found.filter((account) => account.integration === integration));
      this.lists.set(integration, list);
    }
    return list;
  }

  async check(integration: string, ref: string, pointer: string): Promise<Problem | undefined> {
    const matches = (account: AccountSummary) => account.id === ref || account.name === ref;
    const connected = await this.of(integration);
    if (connected.some(matches)) return undefined;
    this.all ??= this.vault.list(undefined, this.scope);
    const elsewhere = (await this.all).find(
      (account) => matches(account) && account.integration !== integration,
    );
    if (elsewhere) {
      return {
        code: 'account-wrong-integration',
        pointer,
        message: `account "${ref}" is ${withArticle(elsewhere.integration)} account, but ${withArticle(integration)} account is needed here${connected.length > 0 ? ` (connected: ${names(connected)})` : ''}`,
      };
    }
    if (connected.length === 0) {
      return {
        code: 'unknown-account',
        pointer,
        message: `unknown ${integration} account "${ref}": no ${integration} account is connected`,
        hint: `connect ${withArticle(integration)} account named "${ref}"`,
      };
    }
    const candidates = connected.flatMap((account) => [account.name, account.id]);
    return {
      code: 'unknown-account',
      pointer,
      message: `unknown ${integration} account "${ref}"${didYouMean(ref, candidates)} (connected: ${names(connected)})`,
    };
  }
}

export function names(accounts: readonly AccountSummary[]): string {
  return accounts.map((account) => account.name).join(', ');
}
