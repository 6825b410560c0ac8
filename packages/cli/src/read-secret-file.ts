import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { UsageError } from './exit-codes.js';

/** A secret is a line: more than this is not the file that was meant, and is not read whole. */
const MAX_SECRET_FILE_BYTES = 4096;

export interface SecretFile {
  /** Its content, surrounding whitespace (the newline `echo` and `openssl` end with) removed. */
  text: string;
  /** Whether users other than its owner have any permission on it: they may read it, or replace it. */
  openToOthers: boolean;
  /** Its permission bits, octal, for a warning. */
  mode: string;
}

/**
 * Reads a small file holding a secret (a key, a URL with a password), given to `option`: a regular
 * file of at most 4 KiB, not empty. Its content never appears in an error.
 */
export function readSecretFile(path: string, option: string): SecretFile {
  let fd: number;
  try {
    // Non-blocking: a named pipe nobody writes to would hold the open for ever; it is then refused as no file.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new UsageError(`${option}: ${path} cannot be read (${(error as NodeJS.ErrnoException).code})`);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) throw new UsageError(`${option}: ${path} is not a file`);
    // One byte more than allowed: a file that big is refused without reading the rest.
    const buffer = Buffer.alloc(MAX_SECRET_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length === buffer.length) break;
    }
    if (length > MAX_SECRET_FILE_BYTES)
      throw new UsageError(`${option}: ${path} is over ${MAX_SECRET_FILE_BYTES} bytes: it holds one line`);
    const text = buffer.subarray(0, length).toString('utf8').trim();
    if (text === '') throw new UsageError(`${option}: ${path} is empty`);
    return { text, openToOthers: (info.mode & 0o077) !== 0, mode: (info.mode & 0o777).toString(8) };
  } finally {
    closeSync(fd);
  }
}
