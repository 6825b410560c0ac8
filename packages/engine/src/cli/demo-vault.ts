import type { AccountRef, AccountSummary, ConnectedAccount, CredentialVault } from '../contracts/account.js';
import { summarize } from '../contracts/account.js';
import { StepError } from '../contracts/step-error.js';

/**
 * The vault of a run against emulators: each integration has one demo account, and any account a
 * workflow names for that integration resolves to it, so a workflow written for real accounts runs
 * unchanged on a machine with no credentials.
 */
export class DemoVault implements CredentialVault {
  private readonly byIntegration = new Map<string, ConnectedAccount>();

  constructor(accounts: ConnectedAccount[]) {
    for (const account of accounts) {
      if (!this.byIntegration.has(account.integration)) this.byIntegration.set(account.integration, account);
    }
  }

  async get(ref: AccountRef): Promise<ConnectedAccount> {
    const account =
      'integration' in ref
        ? this.byIntegration.get(ref.integration)
        : [...this.byIntegration.values()].find((candidate) => candidate.id === ref.id);
    if (!account) {
      const what = 'integration' in ref ? `${ref.integration} account "${ref.name}"` : `account "${ref.id}"`;
      throw new StepError({ code: 'not_found', message: `No emulator demo ${what}` });
    }
    return structuredClone(account);
  }

  async update(account: ConnectedAccount): Promise<void> {
    this.byIntegration.set(account.integration, structuredClone(account));
  }

  async list(integration?: string): Promise<AccountSummary[]> {
    return [...this.byIntegration.values()]
      .filter((account) => integration === undefined || account.integration === integration)
      .map(summarize);
  }
}
