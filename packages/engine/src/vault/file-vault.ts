import { isDeepStrictEqual } from 'node:util';
import type { AccountRef, AccountSummary, ConnectedAccount, CredentialVault } from '../contracts/account.js';
import type { Logger } from '../contracts/logger.js';
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
import { type Env, keepPlaceholders, usesEnvironment } from './env-placeholders.js';
import {
  keptInMemoryNotice,
  processWarningLogger,
  savedEncryptedNotice,
} from './environment-accounts-notice.js';
import { exposedCredentialsWarning } from './exposed-credentials.js';
import { shapeProblems } from './json-shape.js';
import { removeStaleTemporaryFiles } from './temporary-files.js';
import { vaultFileError } from './vault-file-error.js';

export interface FileVaultOptions extends AccountsFileOptions {
  /** Where the vault warns (no secret is ever in a message); default: Node process warnings. */
  logger?: Logger;
}

/**
 * Accounts kept in a JSON file, optionally encrypted at rest (AES-256-GCM). Values may come from the
 * environment (`${NAME}`); updates, such as refreshed OAuth tokens, are written back atomically.
 * An account whose credentials use placeholders never gets clear credentials written into a plain
 * file: its new credentials live in memory for the process (an encrypted file does hold them).
 */
export class FileVault implements CredentialVault {
  /** Updates run one after another, so each writes on top of the last and none is lost. */
  private queue: Promise<void> = Promise.resolve();
  /** Accounts already warned about: one warning per account, not one per refresh. */
  private readonly warned = new Set<string>();

  private constructor(
    readonly path: string,
    private document: AccountsFileDocument,
    private readonly book: AccountBook,
    private readonly key: Buffer | undefined,
    private readonly logger: Logger,
  ) {}

  /**
   * Removes temporary files a killed writer left beside the file, then reads the file and resolves its
   * placeholders; fails (without touching the file) if it is unusable.
   */
  static async open(path: string, options: FileVaultOptions = {}): Promise<FileVault> {
    const logger = options.logger ?? processWarningLogger;
    const removed = await removeStaleTemporaryFiles(path);
    if (removed.length > 0)
      logger.info(`Removed temporary files an interrupted write of ${path} left`, { removed });
    const file = await readAccountsFile(path, options);
    const exposed = await exposedCredentialsWarning(file);
    if (exposed) logger.warn(exposed);
    return FileVault.fromLoaded(file, options.env ?? process.env, logger);
  }

  /** Encrypts a plain accounts file in place with the key in `keyEnv` (default `TOOLSTEPS_VAULT_KEY`). */
  static encryptFile(path: string, keyEnv?: string, env?: Env): Promise<void> {
    return encryptAccountsFile(path, { keyEnv, env });
  }

  private static fromLoaded(file: LoadedAccountsFile, env: Env, logger: Logger): FileVault {
    const accounts = resolveAccounts(file, env);
    const book = new AccountBook(accounts, (index) => `${file.path}: /accounts/${index}`);
    return new FileVault(file.path, file.document, book, file.key, logger);
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

  /**
   * Writes the file first (when the account's file form changed) and changes memory only once the
   * write succeeded. New credentials of an account that reads them from the environment stay in
   * memory unless the file is encrypted.
   */
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
    const raw = this.document.accounts[index];
    const written = { ...raw, settings: raw.settings ?? {}, credentials: raw.credentials ?? {} };
    const entry = this.entryFor(written, before, resolved);
    if (!isDeepStrictEqual(entry, written)) {
      const document = {
        ...this.document,
        accounts: this.document.accounts.map((old, i) => (i === index ? entry : old)),
      };
      await writeAccountsFile(this.path, document, this.key);
      this.document = document;
    }
    this.book.replace(resolved);
    this.tellWhereCredentialsWent(
      written,
      entry,
      !isDeepStrictEqual(before.credentials, resolved.credentials),
    );
  }

  /**
   * The file form of an updated account: unchanged values keep their text (placeholders stay). In a
   * plain file, the credentials of an account that reads any from the environment stay exactly as
   * written, expiry included, so the file never holds them in clear nor disagrees with itself.
   */
  private entryFor(
    written: AccountEntry,
    before: ConnectedAccount,
    resolved: ConnectedAccount,
  ): AccountEntry {
    const next = keepPlaceholders(written, before, resolved) as AccountEntry;
    return !this.encrypted && usesEnvironment(written.credentials)
      ? { ...next, credentials: written.credentials }
      : next;
  }

  /** One warning per account, naming no value: its new credentials are in memory only, or replaced placeholders. */
  private tellWhereCredentialsWent(written: AccountEntry, entry: AccountEntry, changed: boolean): void {
    const account = written.id;
    if (!changed || this.warned.has(account) || !usesEnvironment(written.credentials)) return;
    const replaced = Object.keys(written.credentials ?? {}).filter(
      (field) =>
        usesEnvironment(written.credentials?.[field]) &&
        !isDeepStrictEqual(written.credentials?.[field], entry.credentials?.[field]),
    );
    if (this.encrypted && replaced.length === 0) return;
    this.warned.add(account);
    const message = this.encrypted
      ? savedEncryptedNotice(this.path, account, replaced)
      : keptInMemoryNotice(this.path, account);
    this.logger.warn(message, { file: this.path, account });
  }
}

/** Only the fields an accounts file holds, so an update can never write something the file rejects. */
function toEntry(account: ConnectedAccount): ConnectedAccount {
  const { id, integration, name, settings, credentials } = account;
  return { id, integration, name, settings: settings ?? {}, credentials: credentials ?? {} };
}
