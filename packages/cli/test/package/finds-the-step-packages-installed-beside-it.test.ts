import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  installRuntime,
  type PackedPackages,
  packPackages,
} from '../../../engine/test/package/support/packed-packages.js';

const run = promisify(execFile);
const EXAMPLES = resolve(import.meta.dirname, '../../../../examples');

// npm fetches the packages' own dependencies from the registry: generous, never asserted on.
jest.setTimeout(600_000);

describe('the CLI installed with npm from its tarball, beside the four step packages', () => {
  let packed: PackedPackages;
  let project: string;
  let elsewhere: string;
  let toolsteps: string;
  beforeAll(async () => {
    packed = await packPackages();
    const ours = Object.fromEntries(
      Object.entries(packed.tarballs).map(([name, tarball]) => [`@toolsteps/${name}`, `file:${tarball}`]),
    );
    delete ours['@toolsteps/redis'];
    project = await installRuntime(ours);
    toolsteps = join(project, 'node_modules/.bin/toolsteps');
    // A folder of the user's with no package, config or node_modules: the workflow file and nothing else.
    elsewhere = await mkdtemp(join(tmpdir(), 'toolsteps-elsewhere-'));
  });
  afterAll(async () => {
    await packed?.remove();
    for (const folder of [project, elsewhere]) if (folder) await rm(folder, { recursive: true, force: true });
  });

  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(toolsteps, args, { cwd: elsewhere, env: { ...process.env, CI: 'true', ...env } });

  it('prints the version of the package installed', async () => {
    const manifest = JSON.parse(
      await readFile(join(project, 'node_modules/@toolsteps/cli/package.json'), 'utf8'),
    );
    expect((await cli(['--version'])).stdout.trim()).toBe(manifest.version);
  });

  it('lists the steps of every step package installed beside it, from a folder with none', async () => {
    const { stdout } = await cli(['steps', '--json']);
    const integrations = new Set(
      (JSON.parse(stdout) as Array<{ id: string }>).map(({ id }) => id.split('.')[0]),
    );
    expect([...integrations].sort()).toEqual(['admin', 'enrichment', 'github', 'zendesk']);
  });

  it('runs a workflow file on the emulators of those packages', async () => {
    const { stdout } = await cli([
      'run',
      join(EXAMPLES, 'github-triage.json'),
      '--input',
      `@${join(EXAMPLES, 'github-triage.input.json')}`,
      '--no-journal',
      '--json',
    ]);
    expect(JSON.parse(stdout).status).toBe('succeeded');
  });

  it('says to install @toolsteps/redis when a command is given Redis without it', async () => {
    // A key, so the command gets as far as Redis.
    const key = { TOOLSTEPS_QUEUE_KEY: randomBytes(32).toString('base64') };
    const worker = ['worker', '--redis', 'redis://127.0.0.1:1', '--accounts', 'accounts.json'];
    const refused = await cli(worker, key).then(
      () => undefined,
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toMatch(/@toolsteps\/redis.*not installed.*npm install @toolsteps\/redis/);
  });
});
