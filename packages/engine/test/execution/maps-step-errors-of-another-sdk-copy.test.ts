import { describe, expect, it } from '@jest/globals';
import { createEngine, defineIntegration, defineStep, type StepErrorInit, Type } from '../../src/index.js';

// A step package that brought its own copy of the sdk throws that copy's StepError: a class the engine
// never imported. The query string makes Jest load the file afresh, a second module instance.
const other = (await import(
  `${'../../../sdk/src/step-error.js'}?another-copy`
)) as typeof import('@toolsteps/sdk');

const fail = defineStep({
  id: 'copy.fail',
  title: 'Fail',
  description: 'Throws a StepError of the other copy of the sdk.',
  effect: 'read',
  input: Type.Object({ code: Type.String(), status: Type.Optional(Type.Integer()) }),
  output: Type.Object({}),
  run: async ({ code, status }) => {
    throw new other.StepError({
      code: code as StepErrorInit['code'],
      message: `failed with ${code}`,
      status,
    });
  },
});

const copy = defineIntegration({
  id: 'copy',
  title: 'Copy',
  status: 'stable',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [fail],
});

const account = { id: 'copy', integration: 'copy', name: 'Copy', settings: {}, credentials: {} };

async function run(steps: object[]) {
  const engine = await createEngine({ integrations: [copy], accounts: [account] });
  return engine.run({ text: JSON.stringify({ id: 'copies', steps }) }, {});
}

describe('a StepError thrown from another copy of the sdk', () => {
  it('is the step’s error as thrown: its code, status and message, at its step', async () => {
    const result = await run([{ id: 'lookup', step: 'copy.fail', args: { code: 'not_found', status: 404 } }]);

    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject({
      code: 'not_found',
      status: 404,
      message: 'failed with not_found',
      step: 'lookup',
      retryable: false,
    });
  });

  it('is caught by its code', async () => {
    const result = await run([
      {
        id: 'lookup',
        step: 'copy.fail',
        args: { code: 'not_found' },
        catch: [{ on: ['not_found'], then: 'continue' }],
      },
    ]);

    expect(result.status).toBe('succeeded');
    expect(result.steps[0]).toMatchObject({ status: 'caught', error: { code: 'not_found' } });
  });
});
