import { describe, expect, it } from '@jest/globals';
import { triggerSchemaProblems } from '@toolsteps/sdk';
import integration from '../../src/index.js';

// Importing the package compiles no schema: this is where a broken one, or a sample its event schema
// refuses, is caught before the package ships (the engine's registry checks each again on first use).
describe('every trigger of step-zendesk', () => {
  it.each((integration.triggers ?? []).map((trigger) => [trigger.id, trigger] as const))(
    '%s: its schemas compile and its sample matches its event schema',
    (_id, trigger) => {
      expect(triggerSchemaProblems(trigger)).toEqual([]);
    },
  );
});
