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

  it('gives an empty catalog when no step package is around', async () => {
    const root = tempTree({ 'package.json': JSON.stringify({ name: 'lonely' }) });
    expect((await loadRegistry({ cwd: root })).catalog()).toEqual([]);
  });
});
