import type { AccountRef, CredentialVault } from '@toolsteps/engine';
import { type AccountSummary, type ConnectedAccount, StepError, summarize } from '@toolsteps/sdk';

/**
 * The vault of a run against emulators: an account a workflow names resolves to the emulator's demo
 * account of that name when there is one (Zendesk's admin, for registering webhooks), and otherwise
 * to the integration's first, so a workflow written for real accounts runs unchanged on a machine
 * with no credentials.
 */
export class DemoVault implements CredentialVault {
  private readonly byIntegration = new Map<string, ConnectedAccount>();
  private readonly all: ConnectedAccount[];

  constructor(accounts: ConnectedAccount[]) {
    this.all = accounts;
    for (const account of accounts) {
      if (!this.byIntegration.has(account.integration)) this.byIntegration.set(account.integration, account);
    }
  }

  async get(ref: AccountRef): Promise<ConnectedAccount> {
    const named =
      'integration' in ref
        ? this.all.find(
            (candidate) => candidate.integration === ref.integration && candidate.name === ref.name,
          )
        : undefined;
    const account =
      named ??
      ('integration' in ref
        ? this.byIntegration.get(ref.integration)
        : this.all.find((candidate) => candidate.id === ref.id));
    if (!account) {
      const what = 'integration' in ref ? `${ref.integration} account "${ref.name}"` : `account "${ref.id}"`;
      throw new StepError({ code: 'not_found', message: `No emulator demo ${what}` });
    }
    // Demo accounts stand in for every user's: each user gets them as its own.
    const copy = structuredClone(account);
    return ref.user === undefined ? copy : { ...copy, user: ref.user };
  }

  async update(account: ConnectedAccount): Promise<void> {
    // Kept as the demo account every user shares, whichever user's call refreshed it.
    const { user: _user, ...copy } = structuredClone(account);
    const at = this.all.findIndex((candidate) => candidate.id === account.id);
    if (at >= 0) this.all[at] = copy;
    if (this.byIntegration.get(account.integration)?.id === account.id)
      this.byIntegration.set(account.integration, copy);
  }

  async list(integration?: string): Promise<AccountSummary[]> {
    // One per integration: a step naming no account gets the demo one, never "several connected".
    return [...this.byIntegration.values()]
      .filter((account) => integration === undefined || account.integration === integration)
      .map(summarize);
  }
}
