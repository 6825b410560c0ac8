import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { createRegistry, triggersMarkdown } from '@toolsteps/engine';
import github from '../../src/index.js';

describe('the package README lists the triggers the code defines', () => {
  it('has the table the catalog makes (regenerate: node --import tsx packages/step-github/scripts/write-readme-triggers.ts)', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.split('<!-- triggers:start -->\n')[1]?.split('<!-- triggers:end -->')[0];

    expect(table).toBe(triggersMarkdown(createRegistry([github]).triggerCatalog()));
  });

  it("lists the issue's 26 triggers, each once", () => {
    const ids = createRegistry([github])
      .triggerCatalog()
      .map((entry) => entry.id);

    expect(ids).toHaveLength(26);
    expect(new Set(ids).size).toBe(26);
  });
});
