import { readFile } from 'node:fs/promises';
import { UsageError } from './exit-codes.js';

/** `--input '{"a":1}'` or `--input @input.json`. */
export async function readRunInput(option: string | undefined): Promise<unknown> {
  if (option === undefined) return {};
  const file = option.startsWith('@') ? option.slice(1) : undefined;
  if (file === '') throw new UsageError('--input @ needs a file name, e.g. --input @input.json');
  const text =
    file === undefined
      ? option
      : await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
          throw new UsageError(`Cannot read the input file ${file} (${error.code ?? error.message})`);
        });
  try {
    return JSON.parse(text);
  } catch (error) {
    const where = file === undefined ? '--input' : `The input file ${file}`;
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
}
