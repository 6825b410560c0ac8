import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@jest/globals';
import { StepError } from '@toolsteps/sdk';

/** A fixed test key (64 hex characters), never a real one. */
export const KEY_HEX = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
export const OTHER_KEY_HEX = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';

export interface TempAccounts {
  dir: string;
  path: string;
  bytes(): Promise<Buffer>;
  json(): Promise<any>;
  /** Every file in the directory, to prove no temporary file was left behind. */
  files(): Promise<string[]>;
  remove(): Promise<void>;
}

export async function accountsFile(content: unknown, name = 'accounts.json'): Promise<TempAccounts> {
  const dir = await mkdtemp(join(tmpdir(), 'toolsteps-vault-'));
  const path = join(dir, name);
  await writeFile(path, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  return {
    dir,
    path,
    bytes: () => readFile(path),
    json: async () => JSON.parse(await readFile(path, 'utf8')),
    files: () => readdir(dir),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export async function failure(promise: Promise<unknown>): Promise<StepError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(StepError);
  return error as StepError;
}
