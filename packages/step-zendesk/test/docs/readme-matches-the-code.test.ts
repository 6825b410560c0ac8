import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { readmeSection } from '@toolsteps/engine';
import { readmeTables } from '../../scripts/readme-tables.js';
import { DEMO_CLIENT, DEMO_TOKENS } from '../../src/testing/index.js';

const readme = () => readFile(new URL('../../README.md', import.meta.url), 'utf8');

describe('the package README says what the code does', () => {
  it('has the tables the catalog makes (regenerate: node --import tsx packages/step-zendesk/scripts/write-readme-tables.ts)', async () => {
    const text = await readme();
    for (const [name, table] of Object.entries(readmeTables())) expect(readmeSection(text, name)).toBe(table);
  });

  it("quotes the emulator's demo credentials as the seed has them", async () => {
    const text = await readme();
    for (const value of [...Object.values(DEMO_TOKENS), ...Object.values(DEMO_CLIENT)])
      expect(text).toContain(`\`${value}\``);
  });
});
