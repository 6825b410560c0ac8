import { type AccountSummary, accountKey, type ConnectedAccount, StepError, summarize } from '@toolsteps/sdk';
import type { AccountRef, AccountScope } from '../ports/credential-vault.js';

/** How many choices a not-found message lists before it says "and N more". */
const LISTED = 20;

/**
 * The accounts of a vault indexed by id and by integration + name, within each user. Both must be
 * unique per user: a step that names an account must get exactly one, and only of its user (whose
 * other accounts are all an error message may list). `where(index)` says where an account came from
 * in errors.
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
      this.byId.set(accountKey(account), account);
    });
  }

  find(ref: AccountRef): ConnectedAccount {
    const owned = this.ofUser(ref.user);
    if ('id' in ref) {
      const account = this.byId.get(accountKey(ref));
      if (account) return account;
      const ids = owned.map((candidate) => candidate.id);
      throw new StepError({
        code: 'not_found',
        message: `No connected account${ofWhom(ref.user)} has id "${ref.id}". ${ids.length ? `Connected account ids: ${choices(ids)}` : 'No account is connected'}.`,
        details: { account: ref.id, available: ids },
      });
    }
    const candidates = owned.filter((account) => account.integration === ref.integration);
    const account = candidates.find((candidate) => candidate.name === ref.name);
    if (account) return account;
    const names = candidates.map((candidate) => candidate.name);
    throw new StepError({
      code: 'not_found',
      message:
        `No ${ref.integration} account${ofWhom(ref.user)} is named "${ref.name}". ` +
        (names.length
          ? `Connected ${ref.integration} accounts: ${choices(names)}.`
          : `No ${ref.integration} account is connected.`),
      details: { integration: ref.integration, account: ref.name, available: names },
    });
  }

  /** Fails like `replace` would, without changing anything: lets a caller persist before committing. */
  checkReplace(account: ConnectedAccount): void {
    this.find({ id: account.id, user: account.user });
    const clash = this.clash(account, accountKey(account));
    if (clash) throw new StepError({ code: 'validation', message: clash });
  }

  /** Replaces the account with the same id and user. */
  replace(account: ConnectedAccount): void {
    this.checkReplace(account);
    this.byId.set(accountKey(account), account);
  }

  /** Fails like `add` would, without changing anything: lets a caller persist before committing. */
  checkAdd(account: ConnectedAccount): void {
    const clash = this.clashWith(account);
    if (clash === undefined) return;
    const { other, on } = clash;
    const taken =
      on === 'id'
        ? 'one with that id is already connected; remove it first, or choose another id'
        : `${account.integration} account "${other.id}" is already named "${account.name}"; names must be unique ` +
          'per integration: remove it first, or choose another name';
    throw new StepError({
      code: 'validation',
      message: `Cannot add account "${account.id}"${ofWhom(account.user)}: ${taken}`,
      field: `/${on}`,
      details: {
        account: account.id,
        ...(account.user === undefined ? {} : { user: account.user }),
        clash: on,
        existing: other.id,
      },
    });
  }

  /** Adds an account no other account of its user clashes with. */
  add(account: ConnectedAccount): void {
    this.checkAdd(account);
    this.byId.set(accountKey(account), account);
  }

  /** Removes the account of that id and user; false when there was none. */
  remove(ref: { id: string; user?: string }): boolean {
    return this.byId.delete(accountKey(ref));
  }

  /** Of every user, or of the one `scope` names. */
  summaries(integration?: string, scope?: AccountScope): AccountSummary[] {
    return (scope === undefined ? this.all() : this.ofUser(scope.user))
      .filter((account) => integration === undefined || account.integration === integration)
      .map((account) => structuredClone(summarize(account)));
  }

  private ofUser(user: string | undefined): ConnectedAccount[] {
    return this.all().filter((account) => account.user === user);
  }

  all(): ConnectedAccount[] {
    return [...this.byId.values()];
  }

  /** `replacing`: the key of the account being replaced, which may keep its own name. */
  private clash(account: ConnectedAccount, replacing?: string): string | undefined {
    const clash = this.clashWith(account, replacing);
    if (clash === undefined) return undefined;
    if (clash.on === 'id') return `Duplicate account id "${account.id}"${ofWhom(account.user)}`;
    return (
      `Accounts "${clash.other.id}" and "${account.id}"${ofWhom(account.user)} are both ${account.integration} accounts named ` +
      `"${account.name}"; names must be unique per integration`
    );
  }

  /** The account of the same user `account` would clash with, by id (unless replacing it) or by name. */
  private clashWith(account: ConnectedAccount, replacing?: string): Clash | undefined {
    if (replacing === undefined) {
      const other = this.byId.get(accountKey(account));
      if (other) return { other, on: 'id' };
    }
    for (const [key, other] of this.byId) {
      if (
        key !== replacing &&
        other.user === account.user &&
        other.integration === account.integration &&
        other.name === account.name
      ) {
        return { other, on: 'name' };
      }
    }
    return undefined;
  }
}

/** Which account a new one clashes with, and on which of its fields. */
interface Clash {
  other: ConnectedAccount;
  on: 'id' | 'name';
}

function ofWhom(user: string | undefined): string {
  return user === undefined ? '' : ` of user "${user}"`;
}

function choices(values: string[]): string {
  const listed = values
    .slice(0, LISTED)
    .map((value) => `"${value}"`)
    .join(', ');
  return values.length > LISTED ? `${listed} and ${values.length - LISTED} more` : listed;
}
