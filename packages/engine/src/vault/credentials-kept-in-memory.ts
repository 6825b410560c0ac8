import { isDeepStrictEqual } from 'node:util';
import { accountKey, type ConnectedAccount } from '@toolsteps/sdk';
import type { AccountsFileDocument } from './accounts-file-schema.js';

interface Kept {
  /** The account's credentials as the file spells them (placeholders) when these were kept. */
  written: unknown;
  credentials: Record<string, unknown>;
}

/**
 * Refreshed credentials that only this process holds: those of accounts reading theirs from the
 * environment in a plain file, which keeps its placeholders. They outlive reloads of the file while
 * its text for them stays the same; once that text changes (the user reconnected), the file wins.
 */
export class CredentialsKeptInMemory {
  /** By account key (`accountKey`: id within its user). */
  private readonly kept = new Map<string, Kept>();

  keep(key: string, written: unknown, credentials: Record<string, unknown>): void {
    this.kept.set(key, { written: copy(written), credentials: copy(credentials) });
  }

  forget(key: string): void {
    this.kept.delete(key);
  }

  /** `accounts`, resolved from `document`, with the credentials this process keeps for them. */
  applyTo(document: AccountsFileDocument, accounts: ConnectedAccount[]): ConnectedAccount[] {
    return accounts.map((account, index) => {
      const kept = this.stillValid(accountKey(account), document.accounts[index]?.credentials);
      return kept ? { ...account, credentials: copy(kept.credentials) } : account;
    });
  }

  /** Forgets what `document` no longer backs: accounts removed, or whose credentials were rewritten. */
  prune(document: AccountsFileDocument): void {
    const written = new Map(document.accounts.map((entry) => [accountKey(entry), entry.credentials]));
    for (const id of [...this.kept.keys()])
      if (!written.has(id) || !this.stillValid(id, written.get(id))) this.kept.delete(id);
  }

  private stillValid(id: string, written: unknown): Kept | undefined {
    const kept = this.kept.get(id);
    return kept && isDeepStrictEqual(kept.written, written ?? {}) ? kept : undefined;
  }
}

/** Through JSON, as the file's values are: a copy that compares equal to what the file parses to. */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}
