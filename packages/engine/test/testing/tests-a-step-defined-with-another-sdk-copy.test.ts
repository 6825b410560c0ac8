import { describe, expect, it } from '@jest/globals';
import { defineStep, Type } from '@toolsteps/engine';
import { testStep } from '@toolsteps/engine/testing';
import { defineIntegration, integrationOfStep } from '@toolsteps/sdk';

// A step package that brought its own copy of the sdk defines its integration with that copy's
// defineIntegration. The query string makes Jest load the file afresh, a second module instance.
const other = (await import(
  `${'../../../sdk/src/integration.js'}?another-copy`
)) as typeof import('@toolsteps/sdk');

const greet = defineStep({
  id: 'copy.greet',
  title: 'Greet',
  description: 'Says hello to a name.',
  effect: 'read',
  input: Type.Object({ name: Type.String() }),
  output: Type.Object({ greeting: Type.String() }),
  run: async ({ name }) => ({ greeting: `Hello, ${name}` }),
});

const copy = other.defineIntegration({
  id: 'copy',
  title: 'Copy',
  status: 'stable',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [greet],
});

const account = { id: 'copy', integration: 'copy', name: 'Copy', settings: {}, credentials: { token: 't' } };

describe('a step defined with another copy of the sdk', () => {
  it('is tested on its own: testStep finds its integration', async () => {
    expect(other.defineIntegration).not.toBe(defineIntegration);

    const outcome = await testStep(greet, { name: 'Ada' }, { account });

    expect(outcome.ok).toBe(true);
    expect(outcome.result).toEqual({ greeting: 'Hello, Ada' });
  });

  it('is known as of its integration to either copy', () => {
    expect(integrationOfStep(greet)).toBe(copy);
    expect(other.integrationOfStep(greet)).toBe(copy);
  });
});
