import { describe, expect, it } from '@jest/globals';
import { createEngine } from '../../src/index.js';
import { calc, calcAccount } from '../fixtures/calc-integration.js';

// A workflow validated without its accounts (or an account reconnected since) meets the mismatch only
// when the step runs: the error still reads as a sentence.
describe('an account of another integration, found only at run time', () => {
  it('fails the step with a validation error that names both integrations', async () => {
    const adminAccount = { ...calcAccount, id: 'ops', integration: 'admin', name: 'Ops' };
    const engine = await createEngine({ integrations: [calc], accounts: [calcAccount, adminAccount] });
    const source = {
      text: JSON.stringify({
        id: 'sum',
        steps: [{ id: 'add', step: 'calc.add', account: 'ops', args: { a: 1, b: 2 } }],
      }),
    };
    const loaded = await engine.validate(source, { accounts: false });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));

    const result = await engine.run(loaded.workflow, {});

    expect(result.error).toMatchObject({
      code: 'validation',
      message: 'Account "ops" is an admin account; this step needs a calc account',
    });
  });
});
