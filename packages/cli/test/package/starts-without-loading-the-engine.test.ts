import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from '@jest/globals';
import { RESOLVE_RECORDING_HOOK } from '../../../engine/test/support/resolve-recording-hook.js';

const CLI = resolve(import.meta.dirname, '../../bin/toolsteps.js');

describe('the built CLI at start', () => {
  it('registers every command without loading the engine: --version and --help stay fast', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolsteps-cli-start-'));
    try {
      const file = join(folder, 'resolved.txt');
      const register = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(RESOLVE_RECORDING_HOOK)}), { data: { file: ${JSON.stringify(file)} } });`;
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
