import { describe, expect, it } from '@jest/globals';
import { loadRegistry, RegistryError } from '../../src/registry/index.js';
import tickets from '../fixtures/validation/tickets-integration.js';
import { fixture, stepPackage, tempTree } from './temp-tree.js';

async function failure(loading: Promise<unknown>): Promise<RegistryError> {
  const error = await loading.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (error instanceof RegistryError) return error;
  throw new Error(`expected a RegistryError, got ${String(error)}`);
}

describe('integrations loaded from toolsteps.config.json', () => {
  it('loads modules by path (relative to the config) and by package name, default or named export', async () => {
    const root = tempTree({
      'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
      'packages/step-tickets/package.json': stepPackage('@toolsteps/step-tickets'),
      'packages/step-tickets/src/index.js': `export { default } from ${JSON.stringify(fixture('tickets-integration.ts'))};\n`,
      'config/my-steps/index.js': `export { integration } from ${JSON.stringify(fixture('code-integration.ts'))};\n`,
      'config/toolsteps.config.json': JSON.stringify({
        integrations: ['@toolsteps/step-tickets', './my-steps/index.js'],
      }),
      'config/deeper/here/.keep': '',
    });
    const registry = await loadRegistry({ cwd: `${root}/config/deeper/here` });
    expect(registry.integrations().map((integration) => integration.id)).toEqual(['tickets', 'code']);
    expect(registry.integration('tickets')).toBe(tickets);
    expect(registry.step('code.create_issue')?.title).toBe('Create Issue');
  });

  it('prefers integrations given as options, objects or modules', async () => {
    const root = tempTree({ 'toolsteps.config.json': JSON.stringify({ integrations: ['./missing.js'] }) });
    const registry = await loadRegistry({
      cwd: root,
      integrations: [tickets, fixture('code-integration.ts')],
    });
    expect(registry.integrations().map((integration) => integration.id)).toEqual(['tickets', 'code']);
  });

  it('refuses the same integration from two modules, naming both', async () => {
    const error = await failure(
      loadRegistry({ integrations: [fixture('tickets-integration.ts'), fixture('tickets-again.ts')] }),
    );
    expect(error.code).toBe('duplicate-integration');
    expect(error.sources).toEqual([fixture('tickets-integration.ts'), fixture('tickets-again.ts')]);
    expect(error.message).toBe(
      `Integration "tickets" is defined twice: by ${fixture('tickets-integration.ts')} and by ${fixture('tickets-again.ts')}; keep only one of them`,
    );
  });

  it('names a module that fails to import', async () => {
    const root = tempTree({
      'toolsteps.config.json': JSON.stringify({ integrations: ['./broken.js'] }),
      'broken.js': `export * from ${JSON.stringify(fixture('broken-module.ts'))};\n`,
    });
    const error = await failure(loadRegistry({ cwd: root }));
    expect(error).toMatchObject({ code: 'import-failed', sources: ['./broken.js'] });
    expect(error.message).toBe(
      'Integration module ./broken.js failed to import: the integration could not start: missing setting',
    );
  });

  it('names a module whose export is not an integration', async () => {
    const error = await failure(loadRegistry({ integrations: [fixture('not-an-integration.ts')] }));
    expect(error).toMatchObject({ code: 'not-an-integration' });
    expect(error.message).toBe(
      `Integration module ${fixture('not-an-integration.ts')}: its default export is not an Integration: integration "half" has status undefined; expected "stable" or "beta"`,
    );
    const empty = tempTree({ 'empty.js': 'export const nothing = 1;\n' });
    expect((await failure(loadRegistry({ cwd: empty, integrations: ['./empty.js'] }))).message).toBe(
      'Integration module ./empty.js: it has neither a default export nor an export named "integration"',
    );
  });

  it('names a module or package that cannot be found', async () => {
    const root = tempTree({ 'toolsteps.config.json': JSON.stringify({ integrations: ['./nowhere.js'] }) });
    const missingFile = await failure(loadRegistry({ cwd: root }));
    expect(missingFile).toMatchObject({ code: 'module-not-found', sources: ['./nowhere.js'] });
    expect(missingFile.message).toBe(`Integration module ./nowhere.js not found: no file ${root}/nowhere.js`);
    const missingPackage = await failure(
      loadRegistry({ cwd: root, integrations: ['@toolsteps/step-nowhere'] }),
    );
    expect(missingPackage).toMatchObject({ code: 'module-not-found', sources: ['@toolsteps/step-nowhere'] });
    expect(missingPackage.message).toMatch(/^Integration package @toolsteps\/step-nowhere not found from /);
  });

  it('refuses a config file that is not JSON or lists no modules', async () => {
    const broken = tempTree({ 'toolsteps.config.json': '{ "integrations": [' });
    const notJson = await failure(loadRegistry({ cwd: broken }));
    expect(notJson.code).toBe('config-invalid');
    expect(notJson.message).toMatch(
      new RegExp(`^Config file ${broken}/toolsteps\\.config\\.json: not valid JSON: `),
    );
    const wrong = tempTree({ 'custom.json': JSON.stringify({ integrations: '@toolsteps/step-github' }) });
    expect((await failure(loadRegistry({ cwd: wrong, configFile: 'custom.json' }))).message).toBe(
      `Config file ${wrong}/custom.json: "integrations" must be an array of package names or module paths, e.g. ["@toolsteps/step-github"]`,
    );
    const absent = await failure(loadRegistry({ cwd: wrong, configFile: 'absent.json' }));
    expect(absent.message).toBe(`Config file ${wrong}/absent.json: cannot read it (ENOENT)`);
  });
});
