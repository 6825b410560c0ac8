import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const root = resolve(import.meta.dirname, '../../../../..');

/** Whether the README quotes `script` (a path from the repository's root) whole, as a `ts` block. */
export async function readmeQuotes(script: string): Promise<boolean> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  return readme.includes(`\`\`\`ts\n${await readFile(join(root, script), 'utf8')}\`\`\``);
}

/** The lines `script` prints, run as the README says (`node --import tsx <script>` from the root). */
export async function linesPrintedBy(script: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    timeout: 60_000,
  });
  return stdout.split('\n');
}
