import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { readmeSection } from '@toolsteps/engine';
import { readmeTables } from '../../scripts/readme-tables.js';
import enrichment, { CONNECTION_DEFAULTS, PROVIDER_BATCH_LIMIT } from '../../src/index.js';
import { DEMO_KEYS } from '../../src/testing/index.js';

const readme = () => readFile(new URL('../../README.md', import.meta.url), 'utf8');

describe('the package README says what the code does', () => {
  it('has the tables the catalog makes (regenerate: node --import tsx packages/step-enrichment/scripts/write-readme-tables.ts)', async () => {
    const text = await readme();
    for (const [name, table] of Object.entries(readmeTables())) expect(readmeSection(text, name)).toBe(table);
  });

  it('says the integration is beta, as the catalog does', async () => {
    expect(enrichment.status).toBe('beta');
    expect(await readme()).toContain('**Beta**');
  });

  it('names the defaults assumed where the provider leaves things open, the batch limit and the demo keys', async () => {
    const text = await readme();
    for (const value of [...Object.values(CONNECTION_DEFAULTS), ...Object.values(DEMO_KEYS)])
      expect(text).toContain(`\`${value}\``);
    expect(text).toContain(`batches of ${PROVIDER_BATCH_LIMIT}`);
  });
});
