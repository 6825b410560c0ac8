import { describe, expect, it } from '@jest/globals';
import { discoverStepPackages, loadRegistry } from '../../src/registry/index.js';
import { fixture, stepPackage, tempTree } from './temp-tree.js';

describe('integrations found without configuration', () => {
  it('loads every @toolsteps/step-* package of the monorepo around the working folder', async () => {
    const root = tempTree({
      'pnpm-workspace.yaml': 'packages:\n  - packages/*\n',
      'packages/engine/package.json': JSON.stringify({ name: '@toolsteps/engine' }),
      'packages/app/package.json': JSON.stringify({ name: 'app' }),
      'packages/step-tickets/package.json': stepPackage('@toolsteps/step-tickets'),
      'packages/step-tickets/src/index.js': `export { default } from ${JSON.stringify(fixture('tickets-integration.ts'))};\n`,
      'packages/step-code/package.json': stepPackage('@toolsteps/step-code'),
      'packages/step-code/src/index.js': `export { integration } from ${JSON.stringify(fixture('code-integration.ts'))};\n`,
    });
    expect(await discoverStepPackages(`${root}/packages/app`)).toEqual([
      '@toolsteps/step-code',
      '@toolsteps/step-tickets',
    ]);
    const registry = await loadRegistry({ cwd: `${root}/packages/app` });
    expect(registry.integrations().map((integration) => integration.id)).toEqual(['code', 'tickets']);
  });

  it('outside a monorepo, loads the @toolsteps/step-* packages installed in node_modules', async () => {
    const root = tempTree({
      'node_modules/@toolsteps/step-tickets/package.json': stepPackage('@toolsteps/step-tickets'),
      'node_modules/@toolsteps/step-tickets/src/index.js': `export { default } from ${JSON.stringify(fixture('tickets-integration.ts'))};\n`,
      'node_modules/@toolsteps/engine/package.json': JSON.stringify({ name: '@toolsteps/engine' }),
      'project/package.json': JSON.stringify({ name: 'project', private: true }),
    });
    expect(await discoverStepPackages(`${root}/project`)).toEqual(['@toolsteps/step-tickets']);
    const registry = await loadRegistry({ cwd: `${root}/project` });
    expect(registry.catalog().map((entry) => entry.id)).toEqual([
      'tickets.create_ticket',
      'tickets.search_tickets',
      'tickets.find_user',
      'tickets.delete_all',
    ]);
  });

  it('also loads the step packages installed beside another folder, as a global CLI finds those installed with it', async () => {
    const root = tempTree({
      'prefix/lib/node_modules/@toolsteps/cli/package.json': JSON.stringify({ name: '@toolsteps/cli' }),
      'prefix/lib/node_modules/@toolsteps/step-tickets/package.json': stepPackage('@toolsteps/step-tickets'),
      'prefix/lib/node_modules/@toolsteps/step-tickets/src/index.js': `export { default } from ${JSON.stringify(fixture('tickets-integration.ts'))};\n`,
      'elsewhere/workflow.json': '{}',
    });
    const cwd = `${root}/elsewhere`;
    expect((await loadRegistry({ cwd })).catalog()).toEqual([]);
    const registry = await loadRegistry({
      cwd,
      installedBeside: `${root}/prefix/lib/node_modules/@toolsteps/cli`,
    });
    expect(registry.integrations().map((integration) => integration.id)).toEqual(['tickets']);
  });

  it('prefers the step package around the working folder to one of the same name installed beside', async () => {
    const root = tempTree({
      'prefix/lib/node_modules/@toolsteps/cli/package.json': JSON.stringify({ name: '@toolsteps/cli' }),
      'prefix/lib/node_modules/@toolsteps/step-tickets/package.json': stepPackage('@toolsteps/step-tickets'),
      'prefix/lib/node_modules/@toolsteps/step-tickets/src/index.js':
        'throw new Error("the copy beside the CLI was loaded");\n',
      'project/node_modules/@toolsteps/step-tickets/package.json': stepPackage('@toolsteps/step-tickets'),
      'project/node_modules/@toolsteps/step-tickets/src/index.js': `export { default } from ${JSON.stringify(fixture('tickets-integration.ts'))};\n`,
    });
    const registry = await loadRegistry({
      cwd: `${root}/project`,
      installedBeside: `${root}/prefix/lib/node_modules/@toolsteps/cli`,
    });
    expect(registry.integrations().map((integration) => integration.id)).toEqual(['tickets']);
  });

  it('gives an empty catalog when no step package is around', async () => {
    const root = tempTree({ 'package.json': JSON.stringify({ name: 'lonely' }) });
    expect((await loadRegistry({ cwd: root })).catalog()).toEqual([]);
  });
});
