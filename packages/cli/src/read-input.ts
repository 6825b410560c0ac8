import {
  FileTooLargeError,
  formatBytes,
  MAX_JSON_DEPTH,
  readBoundedFile,
  tooDeepAt,
  unsafeJsonValue,
} from '@toolsteps/engine/adapters';
import { UsageError } from './exit-codes.js';

/** Run input is data, so it may be larger than a workflow file, but it is still read whole. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** `--input '{"a":1}'` or `--input @input.json`: at most 16 MiB, nested at most 256 levels, no `__proto__`. */
export async function readRunInput(option: string | undefined, flag = '--input'): Promise<unknown> {
  if (option === undefined) return {};
  const file = option.startsWith('@') ? option.slice(1) : undefined;
  if (file === '') throw new UsageError(`${flag} @ needs a file name, e.g. ${flag} @file.json`);
  if (file !== undefined) return readJsonFile(file, flag.replace(/^--/, ''));
  return parseJsonText(option, flag);
}

/** A JSON data file (an input, an event, a captured delivery), held to the same bounds as run input. */
export async function readJsonFile(file: string, what: string): Promise<unknown> {
  return parseJsonText(await readInputFile(file, what), `The ${what} file ${file}`);
}

function parseJsonText(text: string, where: string): unknown {
  if (text.length > MAX_INPUT_BYTES)
    throw new UsageError(`${where} is larger than ${formatBytes(MAX_INPUT_BYTES)}`);
  const deep = tooDeepAt(text);
  if (deep !== undefined) {
    throw new UsageError(
      `${where} is nested more than ${MAX_JSON_DEPTH} levels deep (at ${lineAndColumn(text, deep)})`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  // JSON.parse keeps "__proto__" as data, but the first copy into a plain object would drop it.
  const unsafe = unsafeJsonValue(value);
  if (unsafe !== undefined)
    throw new UsageError(
      `${where} has a "__proto__" key (at ${unsafe.pointer}), which JavaScript objects cannot hold as data`,
    );
  return value;
}

async function readInputFile(file: string, what: string): Promise<string> {
  try {
    return await readBoundedFile(file, MAX_INPUT_BYTES);
  } catch (error) {
    if (error instanceof FileTooLargeError)
      throw new UsageError(`The ${what} file ${file} is larger than ${formatBytes(MAX_INPUT_BYTES)}`);
    const { code, message } = error as NodeJS.ErrnoException;
    throw new UsageError(`Cannot read the ${what} file ${file} (${code ?? message})`);
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return `${before.split('\n').length}:${offset - lineStart + 1}`;
}
