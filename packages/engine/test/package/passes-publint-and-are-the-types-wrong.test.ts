import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { PACKAGES_DIR, type PackedPackages, PUBLISHED, packPackages } from './support/packed-packages.js';

jest.setTimeout(300_000);

// The packages are ES modules only: `require()` of them (node10, node16-cjs) is not offered.
const ESM_ONLY_IGNORES = new Set(['node10', 'node16-cjs']);

describe('every published package', () => {
  let packed: PackedPackages;
  beforeAll(async () => {
    packed = await packPackages();
  });
  afterAll(() => packed?.remove());

  it.each(PUBLISHED)('%s: publint finds nothing in what pnpm packs, suggestions included', async (name) => {
    const { messages, pkg } = await publint({ pkgDir: join(PACKAGES_DIR, name), pack: 'pnpm' });
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  // The CLI is a command, not a library: it exports nothing to type.
  it.each(PUBLISHED.filter((name) => name !== 'cli'))(
    '%s: its types resolve as its code does, under node16 (ESM) and bundlers',
    async (name) => {
      const result = await checkPackage(createPackageFromTarballData(await readFile(packed.tarballs[name])));
      if (result.types === false) throw new Error(`${name} ships no types`);
      const problems = result.problems
        .filter((problem) => !('resolutionKind' in problem) || !ESM_ONLY_IGNORES.has(problem.resolutionKind))
        .map((problem) => ({
          kind: problem.kind,
          ...('entrypoint' in problem ? { at: problem.entrypoint } : {}),
        }));
      expect(problems).toEqual([]);
    },
  );
});
