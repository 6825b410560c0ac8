import type { AccountSummary, ConnectedAccount } from '@toolsteps/sdk';
import type { AccountRef, AccountScope, AccountStore } from '../ports/credential-vault.js';
import { AccountBook } from './account-book.js';

/**
 * Accounts held in memory: for tests, emulators and runtimes that load accounts themselves, or that
 * connect them (`add`, `remove`). Everything going in or out is copied, so callers can never change
 * what the vault holds.
 */
export class MemoryVault implements AccountStore {
  private readonly book: AccountBook;

  constructor(accounts: readonly ConnectedAccount[] = []) {
    this.book = new AccountBook(structuredClone(accounts));
  }

  async get(ref: AccountRef): Promise<ConnectedAccount> {
    return structuredClone(this.book.find(ref));
  }

  async update(account: ConnectedAccount): Promise<void> {
    this.book.replace(structuredClone(account));
  }

  async add(account: ConnectedAccount): Promise<void> {
    this.book.add(structuredClone(account));
  }

  async remove(ref: { id: string; user?: string }): Promise<boolean> {
    return this.book.remove(ref);
  }

  async list(integration?: string, scope?: AccountScope): Promise<AccountSummary[]> {
    return this.book.summaries(integration, scope);
  }
}
