import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { BINDING_SCHEMA_ID, bindingJsonSchema, catalogBindingSchema } from '../../src/triggers/index.js';
import { BOARD, GOOD, registry } from './binding-helpers.js';

const committed = JSON.parse(readFileSync(new URL('../../schema/binding.json', import.meta.url), 'utf8'));
const example = JSON.parse(readFileSync(join(BOARD, 'new-bugs.binding.json'), 'utf8'));
const ajv = () => new Ajv2020({ allErrors: true, strict: false, validateFormats: false });

describe('schema/binding.json', () => {
  it('is what the TypeBox source generates (run `npx tsx packages/engine/scripts/generate-schema.ts` to refresh it)', () => {
    expect(committed).toEqual(bindingJsonSchema());
    expect(committed).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: BINDING_SCHEMA_ID,
      $ref: '#/$defs/Binding',
    });
  });

  it('validates a binding file on its own, as an editor would', () => {
    const validate = ajv().compile(committed);
    expect(validate(example)).toBe(true);
    expect(validate({ ...example, filtr: '{% true %}' })).toBe(false);
    expect(validate({ ...example, filter: 'true' })).toBe(false);
  });

  it('takes a workflow or a handler for what each event starts, exactly one', () => {
    const validate = ajv().compile(committed);
    const { workflow: _workflow, ...neither } = example;
    expect(validate({ ...neither, handler: 'startAgent' })).toBe(true);
    expect(validate(neither)).toBe(false);
    expect(validate({ ...example, handler: 'startAgent' })).toBe(false);
    expect(validate({ ...neither, handler: 'start agent' })).toBe(false);
  });
});

describe('the binding schema specialised to the catalog', () => {
  const schema = catalogBindingSchema(registry);
  const validate = ajv().compile(schema);

  it('offers the available trigger ids with their titles', () => {
    expect((schema.$defs as any).Binding.properties.trigger.anyOf).toEqual([
      {
        const: 'board.new_card',
        title: 'New Card',
        description: 'Board (fixture): Fires for each card created on a board (optionally in one column).',
      },
      {
        const: 'board.archived_card',
        title: 'Archived Card',
        description: 'Board (fixture): Fires for each card archived on a board, polled.',
      },
    ]);
    expect(validate({ ...GOOD, trigger: 'board.new_crd' })).toBe(false);
  });

  it("checks config against the trigger's schema, and needs it when the trigger does", () => {
    expect(validate(GOOD)).toBe(true);
    expect(validate({ ...GOOD, config: { board: 'Road Map' } })).toBe(false);
    expect(validate.errors?.map((error) => error.instancePath)).toContain('/config/board');
    const { config: _config, ...withoutConfig } = GOOD;
    expect(validate(withoutConfig)).toBe(false);
  });

  it('offers interval only to poll triggers', () => {
    expect(validate({ ...GOOD, interval: '5m' })).toBe(false);
    expect(validate({ ...GOOD, trigger: 'board.archived_card', interval: '5m' })).toBe(true);
  });
});
