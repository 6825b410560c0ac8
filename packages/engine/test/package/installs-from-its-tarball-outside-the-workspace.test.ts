import { execFile } from 'node:child_process';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  installRuntime,
  type PackedPackages,
  packPackages,
  runtimeDependencies,
} from './support/packed-packages.js';

const run = promisify(execFile);
const TSC = resolve(import.meta.dirname, '../../../../node_modules/typescript/bin/tsc');

// npm fetches the packages' own dependencies from the registry: generous, never asserted on.
jest.setTimeout(600_000);

/** An agent runtime's own project: the engine and the GitHub steps, from their tarballs, nothing else of ours. */
const RUNTIME = `
import { createEngine } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import { createGithubEmulator } from '@toolsteps/step-github/testing';

const emulator = await createGithubEmulator();
try {
  const engine = await createEngine({ integrations: [github], accounts: [emulator.account] });
  const workflow = await engine.load({
    text: JSON.stringify({
      id: 'open-an-issue',
      steps: [
        {
          id: 'issue',
          step: 'github.create_issue',
          args: { owner: 'octo-org', repo: 'hello-world', title: 'Opened from a packed engine' },
        },
      ],
      output: '{% $steps.issue.result.title %}',
    }),
  });
  const result = await engine.run(workflow, {});
  console.log(JSON.stringify({ status: result.status, output: result.output }));
} finally {
  await emulator.close();
}
`;

/** The same runtime in TypeScript, strict, compiled against the packages' .d.ts (no flag of ours). */
const TYPED_RUNTIME = `
import { createEngine, type RunResult, StepError, type Workflow } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import { createGithubEmulator } from '@toolsteps/step-github/testing';

export async function openAnIssue(title: string): Promise<RunResult> {
  const emulator = await createGithubEmulator();
  const engine = await createEngine({ integrations: [github], accounts: [emulator.account] });
  const workflow: Workflow = {
    id: 'open-an-issue',
    steps: [{ id: 'issue', step: 'github.create_issue', args: { owner: 'octo-org', repo: 'hello-world', title } }],
  };
  try {
    return await engine.run(await engine.load({ text: JSON.stringify(workflow) }), {});
  } catch (error) {
    if (error instanceof StepError) console.error(error.code);
    throw error;
  } finally {
    await emulator.close();
  }
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    types: ['node'],
  },
  files: ['runtime.ts'],
};

describe('the engine and a step package, installed with npm from their tarballs outside the workspace', () => {
  let packed: PackedPackages;
  let project: string;
  beforeAll(async () => {
    packed = await packPackages();
    project = await installRuntime(runtimeDependencies(packed, { emulator: true }), {
      '@types/node': '^20.19.0',
    });
    await writeFile(join(project, 'runtime.mjs'), RUNTIME);
    await writeFile(join(project, 'runtime.ts'), TYPED_RUNTIME);
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  });
  afterAll(async () => {
    await packed?.remove();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('runs a workflow on the GitHub emulator with plain Node', async () => {
    const { stdout } = await run(process.execPath, ['runtime.mjs'], { cwd: project });
    expect(JSON.parse(stdout.trim())).toEqual({ status: 'succeeded', output: 'Opened from a packed engine' });
  });

  it('compiles a strict TypeScript runtime against the .d.ts, libraries checked too', async () => {
    const compiled = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(compiled).toBe('');
  });

  it('installs no native addon, Redis client, CLI framework or TypeScript loader', async () => {
    const installed = new Set(await readdir(join(project, 'node_modules')));
    for (const absent of ['better-sqlite3', 'bullmq', 'ioredis', 'commander', 'tsx', 'esbuild'])
      expect({ absent, installed: installed.has(absent) }).toEqual({ absent, installed: false });
  });
});
