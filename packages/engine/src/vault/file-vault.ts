import { isDeepStrictEqual } from 'node:util';
import {
  type AccountSummary,
  accountKey,
  type ConnectedAccount,
  type Logger,
  StepError,
} from '@toolsteps/sdk';
import type { AccountRef, AccountScope, AccountStore } from '../ports/credential-vault.js';
import { AccountBook } from './account-book.js';
import {
  type AccountsFileOptions,
  createAccountsFile,
  keyForNewFile,
  type LoadedAccountsFile,
  readAccountsFile,
  resolveAccounts,
  writeAccountsFile,
} from './accounts-file.js';
import { withAccountsFileLock } from './accounts-file-lock.js';
import { type AccountEntry, AccountEntrySchema, type AccountsFileDocument } from './accounts-file-schema.js';
import { CredentialsKeptInMemory } from './credentials-kept-in-memory.js';
import { encryptAccountsFile } from './encrypt-accounts-file.js';
import { type Env, keepPlaceholders, usesEnvironment } from './env-placeholders.js';
import {
  keptInMemoryNotice,
  processWarningLogger,
  savedEncryptedNotice,
} from './environment-accounts-notice.js';
import { exposedCredentialsWarning } from './exposed-credentials.js';
import { fileVersion, NO_FILE } from './file-version.js';
import { shapeProblems } from './json-shape.js';
import { removeStaleTemporaryFiles } from './temporary-files.js';
import { vaultFileError } from './vault-file-error.js';

export interface FileVaultOptions extends AccountsFileOptions {
  /** Where the vault warns (no secret is ever in a message); default: Node process warnings. */
  logger?: Logger;
  /** Longest wait for another process's write lock on the file before an update fails; default 30s. */
  lockWaitMs?: number;
  /**
   * A missing file is no error: the vault starts with no accounts, and the first `add` creates the
   * file (owner-only, 0600), encrypted when the key variable (`keyEnv`) is set, plain otherwise.
   */
  create?: boolean;
}

/** What the vault serves: one version of the file, read and resolved. */
interface Loaded {
  document: AccountsFileDocument;
  book: AccountBook;
  key: Buffer | undefined;
}

/**
 * Accounts kept in a JSON file, optionally encrypted at rest (AES-256-GCM). Values may come from the
 * environment (`${NAME}`); updates, such as refreshed OAuth tokens, are written back atomically.
 * An account whose credentials use placeholders never gets clear credentials written into a plain
 * file: its new credentials live in memory for the process (an encrypted file does hold them).
 *
 * Several processes may share the file: reads notice another process's write (one `stat` each), and
 * a write holds the file's lock while it applies its one account to the file's latest version.
 * Accounts are connected and disconnected with `add` and `remove`, written the same way.
 */
export class FileVault implements AccountStore {
  /** Updates and reloads run one after another, so none works from a version another replaced. */
  private queue: Promise<void> = Promise.resolve();
  /** Accounts already warned about: one warning per account, not one per refresh. */
  private readonly warned = new Set<string>();
  private readonly inMemory = new CredentialsKeptInMemory();
  /** Every id the file had: updating one that is gone means another process removed it. */
  private readonly seenIds = new Set<string>();
  /** Set while the file on disk cannot be used and the accounts read before are served. */
  private unusable = false;

  private constructor(
    readonly path: string,
    private loaded: Loaded,
    /** The `fileVersion` of what `loaded` came from, or of the unusable file last found. */
    private version: string,
    private readonly options: FileVaultOptions,
    private readonly logger: Logger,
  ) {
    this.remember(loaded.document);
  }

  /**
   * Removes temporary files a killed writer left beside the file (unless another process is writing it),
   * then reads the file and resolves its placeholders; fails (without touching the file) if it is unusable.
   * A missing file fails too, unless `create` is set: then the vault starts with no accounts.
   */
  static async open(path: string, options: FileVaultOptions = {}): Promise<FileVault> {
    const logger = options.logger ?? processWarningLogger;
    const removed = await removeStaleTemporaryFiles(path, logger);
    if (removed.length > 0)
      logger.info(`Removed temporary files an interrupted write of ${path} left`, { removed });
    // Before the read: a write landing during it shows as a change at the next look-up.
    const version = await fileVersion(path);
    const file = await readAccountsFile(path, options).catch((error: unknown) => {
      if (options.create && isMissingFile(error)) return undefined;
      throw error;
    });
    if (file === undefined) {
      // A bad key variable fails now, not at the first `add`.
      const loaded = {
        document: { accounts: [] },
        book: new AccountBook([]),
        key: keyForNewFile(path, options),
      };
      return new FileVault(path, loaded, NO_FILE, options, logger);
    }
    const exposed = await exposedCredentialsWarning(file);
    if (exposed) logger.warn(exposed);
    const loaded = load(file, options.env ?? process.env, new CredentialsKeptInMemory());
    return new FileVault(file.path, loaded, version, options, logger);
  }

  /** Encrypts a plain accounts file in place with the key in `keyEnv` (default `TOOLSTEPS_VAULT_KEY`). */
  static encryptFile(path: string, keyEnv?: string, env?: Env): Promise<void> {
    return encryptAccountsFile(path, { keyEnv, env });
  }

  get encrypted(): boolean {
    return this.loaded.key !== undefined;
  }

  async get(ref: AccountRef): Promise<ConnectedAccount> {
    await this.catchUp();
    return structuredClone(this.loaded.book.find(ref));
  }

  async list(integration?: string, scope?: AccountScope): Promise<AccountSummary[]> {
    await this.catchUp();
    return this.loaded.book.summaries(integration, scope);
  }

  update(account: ConnectedAccount): Promise<void> {
    return this.inTurn(() => this.write(account));
  }

  /**
   * Stores a new account in the file, as given (a value that looks like `${NAME}` is written so that it
   * reads back unchanged): encrypted if the file is. Refused, writing nothing, when its user already
   * has an account with its id, or one of its integration with its name, in the file's latest version.
   */
  add(account: ConnectedAccount): Promise<void> {
    return this.inTurn(() => this.insert(account));
  }

  /** Removes the account of that id and user from the file; false when the file has none. */
  remove(ref: { id: string; user?: string }): Promise<boolean> {
    return this.inTurn(() => this.delete(ref));
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const done = this.queue.then(work);
    this.queue = done.then(
      () => undefined,
      () => undefined,
    );
    return done;
  }

  /** One `stat` when the file is unchanged; otherwise a reload, in turn with updates. */
  private async catchUp(): Promise<void> {
    if ((await fileVersion(this.path)) === this.version) return;
    await this.inTurn(() => this.reloadIfChanged());
  }

  /**
   * Reloads a file another process (or the user) changed. A file that became unusable (half-edited,
   * wrong key, a missing variable) does not fail every run: the accounts read before keep being
   * served, with one warning, until the file is fixed. Updates do fail on it, so nothing is written
   * over a file this process cannot read.
   */
  private async reloadIfChanged(): Promise<void> {
    const version = await fileVersion(this.path);
    if (version === this.version) return;
    try {
      this.adopt(await readAccountsFile(this.path, this.options), version);
    } catch (error) {
      // Not read again until it changes once more.
      this.version = version;
      if (this.unusable) return;
      this.unusable = true;
      const reason = error instanceof StepError ? error.message : `Cannot read accounts file ${this.path}`;
      this.logger.warn(
        `${reason}. Still using the accounts read from it before, until the file is fixed; updates to it fail meanwhile`,
        { file: this.path },
      );
    }
  }

  /** Serves `file` from now on; changes nothing if its accounts cannot be resolved. */
  private adopt(file: LoadedAccountsFile, version: string): void {
    this.loaded = load(file, this.options.env ?? process.env, this.inMemory);
    this.inMemory.prune(file.document);
    this.remember(file.document);
    this.version = version;
    this.unusable = false;
  }

  private remember(document: AccountsFileDocument): void {
    for (const entry of document.accounts) this.seenIds.add(accountKey(entry));
  }

  /**
   * Writes the file first (when the account's file form changed) and changes memory only once the
   * write succeeded. New credentials of an account that reads them from the environment stay in
   * memory unless the file is encrypted.
   */
  private async write(account: ConnectedAccount): Promise<void> {
    const resolved = this.entryShaped(account, 'update');
    await this.reloadIfChanged();
    let change = this.changeFor(resolved);
    // Only a write takes the lock: a file that is never written (placeholders only) may be read-only.
    if (!isDeepStrictEqual(change.entry, change.written)) {
      change = await this.writeLatest(() => {
        const latest = this.changeFor(resolved);
        if (isDeepStrictEqual(latest.entry, latest.written)) return { result: latest };
        const accounts = this.loaded.document.accounts.map((old, i) =>
          i === latest.index ? latest.entry : old,
        );
        return { result: latest, accounts };
      });
    }
    this.loaded.book.replace(resolved);
    if (!this.encrypted && usesEnvironment(change.written.credentials))
      this.inMemory.keep(accountKey(resolved), change.written.credentials, resolved.credentials);
    else this.inMemory.forget(accountKey(resolved));
    this.tellWhereCredentialsWent(
      change.written,
      change.entry,
      !isDeepStrictEqual(change.before.credentials, resolved.credentials),
    );
  }

  /** Writes the new account onto the file's latest version, then serves it. */
  private async insert(account: ConnectedAccount): Promise<void> {
    const resolved = this.entryShaped(account, 'add');
    // The lock is taken on an existing file only: a missing one is created first, with no accounts.
    if (this.options.create && (await fileVersion(this.path)) === NO_FILE)
      await createAccountsFile(this.path, keyForNewFile(this.path, this.options));
    await this.writeLatest(() => {
      this.refusePlainWithKey();
      this.loaded.book.checkAdd(resolved);
      // Escaped: the file holds the account's values themselves, never placeholders it did not write.
      const entry = keepPlaceholders(undefined, undefined, resolved) as AccountEntry;
      return { result: undefined, accounts: [...this.loaded.document.accounts, entry] };
    });
    this.loaded.book.add(resolved);
    this.inMemory.forget(accountKey(resolved));
    this.seenIds.add(accountKey(resolved));
  }

  /**
   * A vault key set for a file that is not encrypted says its holder expects credentials encrypted at
   * rest: a new account is not written in clear into it. Updates of accounts already there are not
   * refused (refreshed tokens of a plain file stay as they always were).
   */
  private refusePlainWithKey(): void {
    if (this.encrypted || keyForNewFile(this.path, this.options) === undefined) return;
    throw vaultFileError(
      this.path,
      'not_encrypted',
      `${this.options.keyEnv ?? 'TOOLSTEPS_VAULT_KEY'} is set, but accounts file ${this.path} is not encrypted: encrypt it first (toolsteps encrypt-accounts ${this.path}), so the new account's credentials are not written in clear. Nothing was written`,
    );
  }

  /** Writes the file without the account (other entries as they are, placeholders kept), then forgets it. */
  private async delete(ref: { id: string; user?: string }): Promise<boolean> {
    const key = accountKey(ref);
    const inFile = () => this.loaded.document.accounts.some((entry) => accountKey(entry) === key);
    await this.reloadIfChanged();
    // The file read is its latest version (or none is there yet): it has no such account, and no lock is needed.
    if (!this.unusable && !inFile()) return false;
    const removed = await this.writeLatest(() => {
      if (!inFile()) return { result: false };
      const accounts = this.loaded.document.accounts.filter((entry) => accountKey(entry) !== key);
      return { result: true, accounts };
    });
    if (removed) {
      this.loaded.book.remove(ref);
      this.inMemory.forget(key);
    }
    return removed;
  }

  /** The account as the file would hold it (through JSON, as reopening the file gives); fails if it cannot. */
  private entryShaped(account: ConnectedAccount, verb: 'update' | 'add'): ConnectedAccount {
    const resolved = toEntry(JSON.parse(JSON.stringify(account)));
    const problems = shapeProblems(AccountEntrySchema, resolved);
    if (problems.length > 0) {
      const list = problems.map(({ pointer, message }) => `${pointer} ${message}`).join('; ');
      throw vaultFileError(this.path, 'invalid', `Cannot ${verb} account "${String(account.id)}": ${list}`, {
        field: problems[0].pointer,
      });
    }
    return resolved;
  }

  /**
   * Under the file's lock: reads the file as it is now (whatever another process wrote), then writes
   * the accounts `edit` makes of it, if any, so other accounts' entries and other processes' updates
   * are kept. `edit` sees the latest version in `this.loaded`; memory beyond it is the caller's to change.
   */
  private writeLatest<T>(edit: () => { result: T; accounts?: AccountEntry[] }): Promise<T> {
    return withAccountsFileLock(
      this.path,
      async () => {
        // Always read, not only when the version looks changed: a write must never start from an old copy.
        const version = await fileVersion(this.path);
        this.adopt(await readAccountsFile(this.path, this.options), version);
        const { result, accounts } = edit();
        if (accounts === undefined) return result;
        const next = { ...this.loaded.document, accounts };
        await writeAccountsFile(this.path, next, this.loaded.key);
        this.loaded = { ...this.loaded, document: next };
        this.version = await fileVersion(this.path);
        return result;
      },
      { waitMs: this.options.lockWaitMs, logger: this.logger },
    );
  }

  /** How `resolved` changes the file's current entry for it; fails if it cannot be applied. */
  private changeFor(resolved: ConnectedAccount): Change {
    const { document, book } = this.loaded;
    const index = document.accounts.findIndex((entry) => accountKey(entry) === accountKey(resolved));
    if (index < 0 && this.seenIds.has(accountKey(resolved))) {
      throw vaultFileError(
        this.path,
        'account_removed',
        `Cannot save account "${resolved.id}": it is no longer in accounts file ${this.path} (removed since this process read it); nothing was written`,
        { details: { account: resolved.id } },
      );
    }
    book.checkReplace(resolved);
    const before = book.find({ id: resolved.id, user: resolved.user });
    const raw = document.accounts[index];
    const written = { ...raw, settings: raw.settings ?? {}, credentials: raw.credentials ?? {} };
    return { index, before, written, entry: this.entryFor(written, before, resolved) };
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

/** An update of one account, as the file's entry for it was and will be. */
interface Change {
  index: number;
  /** The account as it was resolved before the update. */
  before: ConnectedAccount;
  written: AccountEntry;
  entry: AccountEntry;
}

/** The accounts of `file`, placeholders resolved, with the credentials only this process holds. */
function load(file: LoadedAccountsFile, env: Env, inMemory: CredentialsKeptInMemory): Loaded {
  const accounts = inMemory.applyTo(file.document, resolveAccounts(file, env));
  const book = new AccountBook(accounts, (index) => `${file.path}: /accounts/${index}`);
  return { document: file.document, book, key: file.key };
}

/** Only the fields an accounts file holds, so an update can never write something the file rejects. */
function toEntry(account: ConnectedAccount): ConnectedAccount {
  const { id, user, integration, name, settings, credentials } = account;
  return {
    id,
    // Whose it is: the file's entry of a user's account is found by id and user.
    ...(user === undefined ? {} : { user }),
    integration,
    name,
    settings: settings ?? {},
    credentials: credentials ?? {},
  };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof StepError && error.details?.problem === 'missing_file';
}
