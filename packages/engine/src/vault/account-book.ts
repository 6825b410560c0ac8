import { type AccountSummary, type ConnectedAccount, StepError, summarize } from '@toolsteps/sdk';
import type { AccountRef } from '../ports/credential-vault.js';

/** How many choices a not-found message lists before it says "and N more". */
const LISTED = 20;

/**
 * The accounts of a vault indexed by id and by integration + name. Both must be unique: a step
 * that names an account must get exactly one. `where(index)` says where an account came from in errors.
 */
export class AccountBook {
  private readonly byId = new Map<string, ConnectedAccount>();

  constructor(
    accounts: readonly ConnectedAccount[],
    where: (index: number) => string = (i) => `accounts[${i}]`,
  ) {
    accounts.forEach((account, index) => {
      const clash = this.clash(account);
      if (clash) {
        throw new StepError({
          code: 'validation',
          message: `${clash} (${where(index)})`,
          details: { index },
        });
      }
      this.byId.set(account.id, account);
    });
  }

  find(ref: AccountRef): ConnectedAccount {
    if ('id' in ref) {
      const account = this.byId.get(ref.id);
      if (account) return account;
      const ids = [...this.byId.keys()];
      throw new StepError({
        code: 'not_found',
        message: `No connected account has id "${ref.id}". ${ids.length ? `Connected account ids: ${choices(ids)}` : 'No account is connected'}.`,
        details: { account: ref.id, available: ids },
      });
    }
    const candidates = this.all().filter((account) => account.integration === ref.integration);
    const account = candidates.find((candidate) => candidate.name === ref.name);
    if (account) return account;
    const names = candidates.map((candidate) => candidate.name);
    throw new StepError({
      code: 'not_found',
      message:
        `No ${ref.integration} account is named "${ref.name}". ` +
        (names.length
          ? `Connected ${ref.integration} accounts: ${choices(names)}.`
          : `No ${ref.integration} account is connected.`),
      details: { integration: ref.integration, account: ref.name, available: names },
    });
  }

  /** Fails like `replace` would, without changing anything: lets a caller persist before committing. */
  checkReplace(account: ConnectedAccount): void {
    this.find({ id: account.id });
    const clash = this.clash(account, account.id);
    if (clash) throw new StepError({ code: 'validation', message: clash });
  }

  /** Replaces the account with the same id. */
  replace(account: ConnectedAccount): void {
    this.checkReplace(account);
    this.byId.set(account.id, account);
  }

  summaries(integration?: string): AccountSummary[] {
    return this.all()
      .filter((account) => integration === undefined || account.integration === integration)
      .map((account) => structuredClone(summarize(account)));
  }

  all(): ConnectedAccount[] {
    return [...this.byId.values()];
  }

  private clash(account: ConnectedAccount, replacing?: string): string | undefined {
    if (replacing === undefined && this.byId.has(account.id)) return `Duplicate account id "${account.id}"`;
    for (const other of this.byId.values()) {
      if (
        other.id !== replacing &&
        other.integration === account.integration &&
        other.name === account.name
      ) {
        return (
          `Accounts "${other.id}" and "${account.id}" are both ${account.integration} accounts named ` +
          `"${account.name}"; names must be unique per integration`
        );
      }
    }
    return undefined;
  }
}

function choices(values: string[]): string {
  const listed = values
    .slice(0, LISTED)
    .map((value) => `"${value}"`)
    .join(', ');
  return values.length > LISTED ? `${listed} and ${values.length - LISTED} more` : listed;
}
