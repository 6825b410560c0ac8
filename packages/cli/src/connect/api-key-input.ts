import type { ReadStream } from 'node:tty';
import type { CliContext } from '../cli-context.js';
import { UsageError } from '../exit-codes.js';
import { readSecretFile } from '../read-secret-file.js';
import { readHiddenLine } from './hidden-line.js';

/** A key is a line: more than this on stdin is not the key that was meant, and is not read whole. */
const MAX_KEY_BYTES = 4096;

export interface ApiKeyOptions {
  apiKeyFile?: string;
  apiKeyStdin?: boolean;
}

/**
 * The API key to connect with: from `--api-key-file`, or from stdin with `--api-key-stdin` (typed on
 * a terminal without echo, or piped). Never from an argument, which `ps` and shell history keep.
 */
export async function readApiKey(
  options: ApiKeyOptions,
  integrationTitle: string,
  stdin: NodeJS.ReadableStream,
  cli: CliContext,
): Promise<string> {
  if (options.apiKeyFile !== undefined && options.apiKeyStdin)
    throw new UsageError('Give the API key one way: --api-key-file or --api-key-stdin, not both');
  let key: string;
  if (options.apiKeyFile !== undefined) {
    const file = readSecretFile(options.apiKeyFile, '--api-key-file');
    if (file.openToOthers)
      cli.output.note(
        `toolsteps: warning: other users can read or replace the API key file ${options.apiKeyFile} (mode ${file.mode}): run \`chmod 600 ${options.apiKeyFile}\``,
      );
    key = file.text;
  } else if (options.apiKeyStdin) {
    const terminal = stdin as Partial<ReadStream>;
    key =
      terminal.isTTY && typeof terminal.setRawMode === 'function'
        ? await readHiddenLine(
            terminal as ReadStream,
            `${integrationTitle} API key (not shown as you type; Enter ends it):`,
            cli,
          )
        : await readPiped(stdin);
    if (key === '') throw new UsageError('--api-key-stdin: stdin held no key');
  } else {
    throw new UsageError(
      `${integrationTitle} is connected with an API key: give it with --api-key-file <file> or --api-key-stdin (never as an argument, which ps and shell history keep)`,
    );
  }
  cli.scrubber.add(key);
  return key;
}

/**
 * The first line piped to stdin (a key is one line: a writer that keeps stdin open after it is not
 * waited for), up to one byte over the limit, surrounding whitespace removed.
 */
async function readPiped(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    const newline = bytes.indexOf(0x0a);
    chunks.push(newline === -1 ? bytes : bytes.subarray(0, newline));
    length += bytes.length;
    if (newline !== -1 && length - bytes.length + newline <= MAX_KEY_BYTES) break;
    // Leaving the loop stops the reading: the rest is never taken in.
    if (length > MAX_KEY_BYTES)
      throw new UsageError(`--api-key-stdin: stdin holds over ${MAX_KEY_BYTES} bytes: a key is one line`);
  }
  return Buffer.concat(chunks).toString('utf8').trim();
}
