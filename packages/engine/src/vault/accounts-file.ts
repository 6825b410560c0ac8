import { readFile } from 'node:fs/promises';
import type { ConnectedAccount } from '@toolsteps/sdk';
import type { ParseError } from 'jsonc-parser';
import { jsoncLibrary } from '../validation/jsonc-library.js';
import { type AccountsFileDocument, AccountsFileSchema } from './accounts-file-schema.js';
import { type Env, type MissingVariable, substituteEnv } from './env-placeholders.js';
import { shapeProblems } from './json-shape.js';
import {
  createFileAtomically,
  type ReplaceFileHooks,
  replaceFileAtomically,
} from './replace-file-atomically.js';
import {
  DEFAULT_KEY_ENV,
  decryptEnvelope,
  encryptText,
  parseVaultKey,
  VaultEnvelopeSchema,
} from './vault-crypto.js';
import { vaultFileError } from './vault-file-error.js';

export interface AccountsFileOptions {
  /** Where `${NAME}` placeholders and the key are read from; default `process.env`. */
  env?: Env;
  /** The environment variable holding the key of an encrypted file; default `TOOLSTEPS_VAULT_KEY`. */
  keyEnv?: string;
}

/** An accounts file as read: its document with placeholders intact, and its key when it is encrypted. */
export interface LoadedAccountsFile {
  path: string;
  document: AccountsFileDocument;
  key?: Buffer;
}

/** Reads, decrypts when needed, and shape-checks an accounts file. Never writes to it. */
export async function readAccountsFile(
  path: string,
  options: AccountsFileOptions = {},
): Promise<LoadedAccountsFile> {
  const text = await readAccountsText(path);
  const parsed = parseJson(path, text, 'is not valid JSON');
  if (!isEnvelope(parsed)) return { path, document: checkShape(path, parsed) };
  checkEnvelope(path, parsed);
  const key = vaultKey(path, options);
  const plain = decryptEnvelope(parsed, key);
  if (plain === undefined) {
    throw vaultFileError(
      path,
      'wrong_key',
      `Cannot decrypt accounts file ${path}: wrong key or the file was modified`,
    );
  }
  return {
    path,
    document: checkShape(path, parseJson(path, plain, 'decrypts to text that is not valid JSON')),
    key,
  };
}

/** The accounts a document describes, with `${NAME}` placeholders filled in from `env`. */
export function resolveAccounts(file: LoadedAccountsFile, env: Env): ConnectedAccount[] {
  const missing: MissingVariable[] = [];
  const accounts = file.document.accounts.map(
    (entry, index) =>
      substituteEnv(
        {
          id: entry.id,
          ...(entry.user === undefined ? {} : { user: entry.user }),
          integration: entry.integration,
          name: entry.name,
          settings: entry.settings ?? {},
          credentials: entry.credentials ?? {},
        },
        env,
        `/accounts/${index}`,
        missing,
      ) as ConnectedAccount,
  );
  if (missing.length > 0) {
    const list = missing.map(({ name, pointer }) => `${name} (at ${pointer})`).join(', ');
    throw vaultFileError(
      file.path,
      'missing_env',
      `Accounts file ${file.path} uses environment variables that are not set: ${list}`,
      { field: missing[0].pointer, details: { variables: [...new Set(missing.map((m) => m.name))] } },
    );
  }
  return accounts;
}

/** The file's text: pretty JSON, or its encrypted envelope when a key is given. */
export function serializeAccountsFile(document: AccountsFileDocument, key?: Buffer): string {
  const json = `${JSON.stringify(document, null, 2)}\n`;
  return key ? `${JSON.stringify(encryptText(json, key), null, 2)}\n` : json;
}

/** Replaces the file (owner-only) through a temporary file and a rename: a failed write leaves the old file whole. */
export async function writeAccountsFile(
  path: string,
  document: AccountsFileDocument,
  key?: Buffer,
  hooks?: ReplaceFileHooks,
): Promise<void> {
  try {
    await replaceFileAtomically(path, serializeAccountsFile(document, key), hooks);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw vaultFileError(
      path,
      'write_failed',
      `Cannot write accounts file ${path} (${code}); it was left as it was`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Creates an accounts file with no accounts at `path` (owner-only, encrypted under `key` when given),
 * atomically; false when a file is already there, which is left as it is.
 */
export async function createAccountsFile(path: string, key?: Buffer): Promise<boolean> {
  try {
    return await createFileAtomically(path, serializeAccountsFile({ accounts: [] }, key));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    const hint = code === 'ENOENT' ? ': its folder does not exist' : '';
    throw vaultFileError(path, 'write_failed', `Cannot create accounts file ${path} (${code})${hint}`, {
      cause: error,
    });
  }
}

/** The key a new accounts file is encrypted with: the options' key variable's, or none when it is unset. */
export function keyForNewFile(path: string, options: AccountsFileOptions): Buffer | undefined {
  const text = (options.env ?? process.env)[options.keyEnv ?? DEFAULT_KEY_ENV];
  return text === undefined || text.trim() === '' ? undefined : vaultKey(path, options, true);
}

/** The key of an encrypted file (or one to encrypt), from the environment variable the options name. */
export function vaultKey(path: string, options: AccountsFileOptions, encrypting = false): Buffer {
  const keyEnv = options.keyEnv ?? DEFAULT_KEY_ENV;
  const text = (options.env ?? process.env)[keyEnv];
  if (text === undefined || text.trim() === '') {
    const message = encrypting
      ? `Cannot encrypt accounts file ${path}: set ${keyEnv} to the key to use (e.g. 64 hex characters)`
      : `Accounts file ${path} is encrypted: set ${keyEnv} to its key`;
    throw vaultFileError(path, 'missing_key', message);
  }
  const key = parseVaultKey(text);
  if (!key) {
    throw vaultFileError(
      path,
      'bad_key',
      `${keyEnv} must be 64 hex characters or base64 of 32 bytes (for ${path})`,
    );
  }
  return key;
}

export function isEnvelope(value: unknown): value is { toolstepsVault: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'toolstepsVault' in value;
}

/** Parses without echoing any of the text: a JSON error message may quote it, secrets included. */
export function parseJson(path: string, text: string, what: string): unknown {
  if (text.trim() === '') throw vaultFileError(path, 'corrupt', `Accounts file ${path} is empty`);
  const errors: ParseError[] = [];
  const { parse, printParseErrorCode } = jsoncLibrary();
  const value = parse(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  if (errors.length > 0) {
    const { offset, length, error } = errors[0];
    const { line, column } = position(text, offset);
    const reason =
      offset + length >= text.trimEnd().length
        ? `it ends early at line ${line}, column ${column}: is it truncated?`
        : `${printParseErrorCode(error)} at line ${line}, column ${column}`;
    throw vaultFileError(path, 'corrupt', `Accounts file ${path} ${what} (${reason})`);
  }
  return value;
}

export function checkShape(path: string, value: unknown): AccountsFileDocument {
  const problems = shapeProblems(AccountsFileSchema, value);
  if (problems.length === 0) return value as AccountsFileDocument;
  const list = problems.map(({ pointer, message }) => `${pointer || '(top level)'} ${message}`).join('; ');
  throw vaultFileError(path, 'invalid', `Accounts file ${path} is not a valid accounts file: ${list}`, {
    field: problems[0].pointer,
  });
}

function checkEnvelope(path: string, value: unknown): asserts value is Parameters<typeof decryptEnvelope>[0] {
  const problems = shapeProblems(VaultEnvelopeSchema, value);
  if (problems.length === 0) return;
  const list = problems.map(({ pointer, message }) => `${pointer || '(top level)'} ${message}`).join('; ');
  throw vaultFileError(path, 'corrupt', `Accounts file ${path} has a damaged encryption envelope: ${list}`, {
    field: problems[0].pointer,
  });
}

/** The file's text; a missing or unreadable file is an error naming it. */
export async function readAccountsText(path: string): Promise<string> {
  try {
    return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw vaultFileError(path, 'missing_file', `Accounts file ${path} does not exist`);
    throw vaultFileError(
      path,
      'unreadable',
      `Cannot read accounts file ${path} (${code ?? 'unknown error'})`,
      { cause: error },
    );
  }
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
