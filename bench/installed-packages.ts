import { execFile } from 'node:child_process';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  installRuntime,
  packPackages,
  runtimeDependencies,
} from '../packages/engine/test/package/support/packed-packages.js';
import { median, round } from './measure.js';
import { type BenchResult, judged } from './result.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..');
const CLI = join(ROOT, 'packages/cli/bin/toolsteps.js');
const STARTS = 15;

/** Wall time of `node <args>` from start to exit, in ms: what a user waits for. */
async function startTimes(args: string[], cwd: string): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < STARTS; index++) {
    const started = performance.now();
    await run(process.execPath, args, { cwd });
    samples.push(performance.now() - started);
  }
  return samples;
}

/** The packages installed under `modules` (nested node_modules and scopes included) and their bytes on disk. */
async function footprint(modules: string): Promise<{ packages: number; bytes: number }> {
  let packages = 0;
  let bytes = 0;
  const walk = async (folder: string, holdsPackages: boolean): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isFile()) bytes += (await stat(path)).size;
      else if (entry.isDirectory() && holdsPackages && entry.name.startsWith('@')) await walk(path, true);
      else if (entry.isDirectory()) {
        if (holdsPackages && !entry.name.startsWith('.')) packages++;
        await walk(path, entry.name === 'node_modules');
      }
    }
  };
  await walk(modules, true);
  return { packages, bytes };
}

/**
 * B8: what an agent runtime installs and waits for. The engine and the GitHub steps installed with npm
 * from their tarballs in a folder of their own (packages and MB on disk), the time `import` of the
 * engine and of the GitHub steps takes in a fresh Node there, against Node starting with nothing to
 * import (the floor), and the built CLI's `--version` and `validate` of a workflow file.
 */
export async function benchInstalledPackages(): Promise<BenchResult> {
  const packed = await packPackages();
  const project = await installRuntime(runtimeDependencies(packed, { emulator: false }));
  try {
    const { packages, bytes } = await footprint(join(project, 'node_modules'));
    const bare = median(await startTimes(['--input-type=module', '-e', ''], project));
    // What an agent runtime does before its first run: the engine, then the steps it runs.
    const engine = median(
      await startTimes(
        [
          '--input-type=module',
          '-e',
          "await import('@toolsteps/engine'); await import('@toolsteps/step-github')",
        ],
        project,
      ),
    );
    const version = median(await startTimes([CLI, '--version'], ROOT));
    const validate = median(await startTimes([CLI, 'validate', 'examples/github-triage.json'], ROOT));
    return judged({
      id: 'B8',
      name: 'installed packages: footprint and start times',
      metrics: {
        installedPackages: packages,
        installedMb: round(bytes / 1024 ** 2, 1),
        nodeStartMs: round(bare, 0),
        engineAndGithubImportMs: round(engine, 0),
        engineAndGithubImportOverNodeMs: round(engine - bare, 0),
        cliVersionMs: round(version, 0),
        cliValidateMs: round(validate, 0),
      },
      targets: [
        { metric: 'installedPackages', description: 'engine + step-github install ≤ 40 packages', max: 40 },
        { metric: 'installedMb', description: 'engine + step-github install ≤ 30 MB', max: 30 },
        {
          metric: 'engineAndGithubImportMs',
          description: 'import of the engine and step-github ≤ 300 ms',
          max: 300,
        },
        { metric: 'cliVersionMs', description: 'toolsteps --version ≤ 300 ms', max: 300 },
        { metric: 'cliValidateMs', description: 'toolsteps validate ≤ 700 ms', max: 700 },
      ],
      method: {
        install: 'npm install --ignore-scripts of the @toolsteps/engine, sdk and step-github tarballs',
        starts: `${STARTS} fresh processes each, median wall time`,
        imported: "await import('@toolsteps/engine'); await import('@toolsteps/step-github')",
        validated: 'examples/github-triage.json',
      },
    });
  } finally {
    await rm(project, { recursive: true, force: true });
    await packed.remove();
  }
}
