import type { AccountRef, AccountSummary, ConnectedAccount, CredentialVault } from '../contracts/account.js';
import { AccountBook } from './account-book.js';
import {
  type AccountsFileOptions,
  type LoadedAccountsFile,
  readAccountsFile,
  resolveAccounts,
  writeAccountsFile,
} from './accounts-file.js';
import { type AccountEntry, AccountEntrySchema, type AccountsFileDocument } from './accounts-file-schema.js';
import { encryptAccountsFile } from './encrypt-accounts-file.js';
import { type Env, keepPlaceholders } from './env-placeholders.js';
import { shapeProblems } from './json-shape.js';
import { vaultFileError } from './vault-file-error.js';

export type FileVaultOptions = AccountsFileOptions;

/**
 * Accounts kept in a JSON file, optionally encrypted at rest (AES-256-GCM). Values may come from the
 * environment (`${NAME}`); updates, such as refreshed OAuth tokens, are written back atomically.
 */
export class FileVault implements CredentialVault {
  /** Updates run one after another, so each writes on top of the last and none is lost. */
  private queue: Promise<void> = Promise.resolve();

  private constructor(
    readonly path: string,
    private document: AccountsFileDocument,
    private readonly book: AccountBook,
    private readonly key: Buffer | undefined,
  ) {}

  /** Reads the file and resolves its placeholders; fails (without touching the file) if it is unusable. */
  static async open(path: string, options: FileVaultOptions = {}): Promise<FileVault> {
    const file = await readAccountsFile(path, options);
    return FileVault.fromLoaded(file, options.env ?? process.env);
  }

  /** Encrypts a plain accounts file in place with the key in `keyEnv` (default `TOOLSTEPS_VAULT_KEY`). */
  static encryptFile(path: string, keyEnv?: string, env?: Env): Promise<void> {
    return encryptAccountsFile(path, { keyEnv, env });
  }

  private static fromLoaded(file: LoadedAccountsFile, env: Env): FileVault {
    const accounts = resolveAccounts(file, env);
    const book = new AccountBook(accounts, (index) => `${file.path}: /accounts/${index}`);
    return new FileVault(file.path, file.document, book, file.key);
  }

  get encrypted(): boolean {
    return this.key !== undefined;
  }

  async get(ref: AccountRef): Promise<ConnectedAccount> {
    return structuredClone(this.book.find(ref));
  }

  async list(integration?: string): Promise<AccountSummary[]> {
    return this.book.summaries(integration);
  }

  update(account: ConnectedAccount): Promise<void> {
    const done = this.queue.then(() => this.write(account));
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Writes the file first and changes memory only once the write succeeded. */
  private async write(account: ConnectedAccount): Promise<void> {
    // Through JSON, so memory holds exactly what reopening the file would give.
    const resolved = toEntry(JSON.parse(JSON.stringify(account)));
    const problems = shapeProblems(AccountEntrySchema, resolved);
    if (problems.length > 0) {
      const list = problems.map(({ pointer, message }) => `${pointer} ${message}`).join('; ');
      throw vaultFileError(this.path, 'invalid', `Cannot update account "${String(account.id)}": ${list}`, {
        field: problems[0].pointer,
      });
    }
    this.book.checkReplace(resolved);
    const index = this.document.accounts.findIndex((entry) => entry.id === resolved.id);
    const before = this.book.find({ id: resolved.id });
    const written = this.document.accounts[index];
    const entry = keepPlaceholders(
      { ...written, settings: written.settings ?? {}, credentials: written.credentials ?? {} },
      before,
      resolved,
    ) as AccountEntry;
    const document = {
      ...this.document,
      accounts: this.document.accounts.map((old, i) => (i === index ? entry : old)),
    };
    await writeAccountsFile(this.path, document, this.key);
    this.document = document;
    this.book.replace(resolved);
  }
}

/** Only the fields an accounts file holds, so an update can never write something the file rejects. */
function toEntry(account: ConnectedAccount): ConnectedAccount {
  const { id, integration, name, settings, credentials } = account;
  return { id, integration, name, settings: settings ?? {}, credentials: credentials ?? {} };
}
