import { describe, expect, it } from '@jest/globals';
import {
  createEngine,
  defineIntegration,
  defineStep,
  PATTERN_HINT,
  StepError,
  Type,
} from '../../src/index.js';

// A step whose input comes in two forms, and which refuses one value itself, naming the field.
const pick = defineStep({
  id: 'forms.pick',
  title: 'Pick',
  description: 'Takes an id, or a name and a kind.',
  effect: 'read',
  input: Type.Union([
    Type.Object({ id: Type.Integer() }, { additionalProperties: false }),
    Type.Object(
      {
        name: Type.String(),
        kind: Type.String({ pattern: '^[a-z]+$', [PATTERN_HINT]: 'lowercase letters' }),
      },
      { additionalProperties: false },
    ),
  ]),
  output: Type.Object({ picked: Type.String() }),
  run: async (input) => {
    if ('name' in input && input.name === 'taken') {
      throw new StepError({ code: 'validation', field: '/args/name', message: 'That name is taken' });
    }
    return { picked: 'id' in input ? String(input.id) : input.name };
  },
});

const forms = defineIntegration({
  id: 'forms',
  title: 'Forms',
  status: 'beta',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [pick],
});

async function runWith(input: Record<string, string>) {
  const engine = await createEngine({
    integrations: [forms],
    accounts: [
      { id: 'forms-1', integration: 'forms', name: 'Forms', settings: {}, credentials: { token: 't' } },
    ],
  });
  const workflow = await engine.load({
    text: JSON.stringify({
      id: 'pick',
      steps: [
        { id: 'first', step: 'forms.pick', args: { id: 1 } },
        // Only the fields the input has, so the run sees exactly that object.
        {
          id: 'second',
          step: 'forms.pick',
          args: Object.fromEntries(Object.keys(input).map((key) => [key, `{% $input.${key} %}`])),
        },
      ],
    }),
  });
  return engine.run(workflow, input);
}

describe('a step input error points at its place in the workflow', () => {
  it('with alternatives, reports only the form the input was meant for', async () => {
    const result = await runWith({ name: 'ada', kind: 'Not Lower' });
    expect(result.error).toMatchObject({ code: 'validation', field: '/steps/1/args/kind' });
    // The schema says in words what its pattern asks (x-pattern-hint).
    expect(result.error?.message).toMatch(/args\/kind must be lowercase letters \(got "Not Lower"\)/);
    expect(result.error?.message).not.toMatch(/\bid\b/);
  });

  it('names a property missing from the form that fits best', async () => {
    const result = await runWith({ name: 'ada' });
    expect(result.error).toMatchObject({ field: '/steps/1/args/kind' });
    expect(result.error?.message).toMatch(/args\/kind is required \(missing "kind"\)/);
  });

  it('rebases a field the step names under /args onto the step in the workflow', async () => {
    const result = await runWith({ name: 'taken', kind: 'x' });
    expect(result.error).toMatchObject({
      code: 'validation',
      step: 'second',
      field: '/steps/1/args/name',
      message: 'That name is taken',
    });
  });
});
