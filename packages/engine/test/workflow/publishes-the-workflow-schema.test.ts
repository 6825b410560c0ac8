import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { WORKFLOW_SCHEMA_ID, workflowJsonSchema } from '../../src/workflow/index.js';

const committed = JSON.parse(readFileSync(new URL('../../schema/workflow.json', import.meta.url), 'utf8'));
const example = JSON.parse(
  readFileSync(new URL('../fixtures/validation/urgent-issues.json', import.meta.url), 'utf8'),
);

describe('schema/workflow.json', () => {
  it('is what the TypeBox source generates (run `npx tsx packages/engine/scripts/generate-schema.ts` to refresh it)', () => {
    expect(committed).toEqual(workflowJsonSchema());
  });

  it('is a standalone draft 2020-12 schema whose refs all point into its own $defs', () => {
    expect(committed).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: WORKFLOW_SCHEMA_ID,
      $ref: '#/$defs/Workflow',
    });
    const refs = JSON.stringify(committed).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(5);
    for (const ref of refs) {
      const name = ref.slice('"$ref":"#/$defs/'.length, -1);
      expect(committed.$defs[name]).toBeDefined();
    }
  });

  it('validates a workflow file on its own, as an editor would', () => {
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(committed);
    expect(validate(example)).toBe(true);
    expect(validate({ ...example, steps: [{ id: 'a', stpe: 'x' }] })).toBe(false);
  });
});
