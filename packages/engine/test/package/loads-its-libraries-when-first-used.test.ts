import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RESOLVE_RECORDING_HOOK } from '../support/resolve-recording-hook.js';

const run = promisify(execFile);
/** The workspace root: `@toolsteps/*` resolve to the packages' built dist/ (`pnpm test` builds first). */
const ROOT = resolve(import.meta.dirname, '../../../..');

/** What the engine loads only when a run, a validation or a write first needs it. */
const LOADED_ON_FIRST_USE = [
  'undici',
  'ky',
  'p-retry',
  'ajv',
  'ajv-formats',
  'jsonata',
  're2js',
  'jsonc-parser',
  'proper-lockfile',
  'import-meta-resolve',
  'p-map',
  'ms',
  'fastest-levenshtein',
  'p-queue',
  // inversify and what it patches: the services carry no decorators, so they load with the first container.
  'inversify',
  '@inversifyjs/container',
  '@inversifyjs/core',
  'reflect-metadata',
  // The GitHub steps': pages' Link headers, and webhook signatures.
  'http-link-header',
  '@octokit/webhooks-methods',
];

/**
 * What the engine and the GitHub steps load only when first called: the trigger host, the loading of
 * workflows, bindings and step packages, what a request goes through, GitHub's hook registration.
 */
const OWN_MODULES_LOADED_ON_FIRST_USE = [
  'engine/dist/triggers/host/create-trigger-host.js',
  'engine/dist/workflow/load-workflow.js',
  'engine/dist/triggers/load-binding.js',
  'engine/dist/registry/load-registry.js',
  'engine/dist/http/account-request-layers.js',
  'engine/dist/http/transport/send-on-undici.js',
  'step-github/dist/webhooks/hook-registration.js',
  'step-github/dist/project-status-update.js',
];

/**
 * A fresh Node process that does `work`, then prints the packages it loaded (ES modules as a resolve
 * hook saw them, CommonJS ones from require's cache: a `require` passes no ES module hook) and the
 * modules of the workspace's own packages, e.g. `engine/dist/index.js`.
 */
function loadingScript(work: string): string {
  const hook = RESOLVE_RECORDING_HOOK;
  return `
    import { readFileSync, writeFileSync } from 'node:fs';
    import { createRequire, register } from 'node:module';
    const file = process.argv[1];
    writeFileSync(file, '');
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}), { data: { file } });
    ${work}
    const loaded = [...readFileSync(file, 'utf8').split('\\n'), ...Object.keys(createRequire(import.meta.url).cache)];
    const names = new Set(loaded.map((path) => /.*node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(path)?.[1]).filter(Boolean));
    const packagesFolder = ${JSON.stringify(`${pathToFileURL(ROOT).href}/packages/`)};
    const own = loaded.filter((url) => url.startsWith(packagesFolder)).map((url) => url.slice(packagesFolder.length));
    console.log(JSON.stringify({ packages: [...names].sort(), own }));
  `;
}

describe('the engine loads its libraries when first used, not when imported', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'toolsteps-loads-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** The packages `work` loads, and the modules of the workspace's own. */
  async function loadedBy(work: string): Promise<{ packages: string[]; own: string[] }> {
    const { stdout } = await run(
      process.execPath,
      ['--input-type=module', '-e', loadingScript(work), join(folder, 'resolved.txt')],
      { cwd: ROOT },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
  }
  const packagesLoadedBy = async (work: string) => (await loadedBy(work)).packages;

  it('imports the engine and the GitHub steps without HTTP, schema, expression or file-lock libraries', async () => {
    const loaded = await packagesLoadedBy(`
      await import('@toolsteps/engine');
      await import('@toolsteps/step-github');
    `);
    expect(loaded).toContain('@sinclair/typebox');
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  });

  it('imports them without the subsystems a caller reaches only through an async function', async () => {
    const { own } = await loadedBy(`
      await import('@toolsteps/engine');
      await import('@toolsteps/step-github');
    `);
    expect(own).toContain('engine/dist/index.js');
    expect(own.filter((module) => OWN_MODULES_LOADED_ON_FIRST_USE.includes(module))).toEqual([]);
  });

  it('loads the HTTP client, Ajv and JSONata once a run validates its workflow and sends a request', async () => {
    const loaded = await packagesLoadedBy(`
      const { createGithubEmulator } = await import('@toolsteps/step-github/testing');
      const { createEngine } = await import('@toolsteps/engine');
      const { default: github } = await import('@toolsteps/step-github');
      const emulator = await createGithubEmulator();
      try {
        const engine = await createEngine({ integrations: [github], accounts: [emulator.account] });
        const workflow = await engine.load({
          text: JSON.stringify({
            id: 'open-an-issue',
            steps: [{ id: 'issue', step: 'github.create_issue', args: { owner: 'octo-org', repo: 'hello-world', title: 'Opened' } }],
            output: '{% $steps.issue.result.title %}',
          }),
        });
        const result = await engine.run(workflow, {});
        if (result.output !== 'Opened') throw new Error(JSON.stringify(result));
      } finally {
        await emulator.close();
      }
    `);
    expect(loaded).toEqual(
      expect.arrayContaining([
        'undici',
        'ky',
        'p-queue',
        'ajv',
        'jsonata',
        'jsonc-parser',
        'inversify',
        'reflect-metadata',
      ]),
    );
  });
});
