import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';

const CLI = resolve(import.meta.dirname, '../../bin/toolsteps.js');

/** Records every module the process resolves, through a resolve hook registered before the CLI runs. */
const HOOK = `
  import { appendFileSync } from 'node:fs';
  let file;
  export function initialize(data) { file = data.file; }
  export async function resolve(specifier, context, next) {
    const resolved = await next(specifier, context);
    appendFileSync(file, resolved.url + '\\n');
    return resolved;
  }`;

describe('the built CLI at start', () => {
  it('registers every command without loading the engine: --version and --help stay fast', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolsteps-cli-start-'));
    try {
      const file = join(folder, 'resolved.txt');
      const register = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}), { data: { file: ${JSON.stringify(file)} } });`;
      for (const flag of ['--version', '--help']) {
        await promisify(execFile)(process.execPath, [
          '--import',
          `data:text/javascript,${encodeURIComponent(register)}`,
          CLI,
          flag,
        ]);
      }
      const resolved = (await readFile(file, 'utf8')).split('\n');
      expect(
        resolved.filter((url) => /\/packages\/(engine|sdk)\/|@toolsteps\/(engine|sdk)/.test(url)),
      ).toEqual([]);
      expect(resolved.some((url) => url.includes('commander'))).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
