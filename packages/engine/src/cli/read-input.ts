import { readFile } from 'node:fs/promises';
import { UsageError } from './exit-codes.js';

/** `--input '{"a":1}'` or `--input @input.json`. */
export async function readRunInput(option: string | undefined): Promise<unknown> {
  if (option === undefined) return {};
  const fromFile = option.startsWith('@');
  const text = fromFile ? await readFile(option.slice(1), 'utf8').catch(() => null) : option;
  if (text === null) throw new UsageError(`Cannot read the input file ${option.slice(1)}`);
  try {
    return JSON.parse(text);
  } catch (error) {
    const where = fromFile ? `the input file ${option.slice(1)}` : '--input';
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
}
