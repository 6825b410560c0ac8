import { expect, it } from '@jest/globals';
import { defineIntegration, Type } from '../../src/index.js';
import { createRegistry } from '../../src/registry/index.js';
import { loadWorkflow } from '../../src/workflow/index.js';
import { leads } from './support/leads-integration.js';

const registry = createRegistry([leads]);

async function problemsOf(workflow: object) {
  const result = await loadWorkflow(
    { text: JSON.stringify(workflow, null, 2), file: 'flow.json' },
    { registry },
  );
  return result.ok ? [] : result.diagnostics.map(({ code, pointer }) => ({ code, pointer }));
}

const enrich = { id: 'ada', step: 'leads.enrich_contact', args: { email: 'ada@x.test' } };

it('accepts maxCredits in defaults and on a metered step', async () => {
  expect(
    await problemsOf({ id: 'w', defaults: { maxCredits: 0 }, steps: [{ ...enrich, maxCredits: 4 }] }),
  ).toEqual([]);
});

it('refuses a maxCredits that is not a whole number of credits, 0 or more', async () => {
  const problems = await problemsOf({
    id: 'w',
    defaults: { maxCredits: -1 },
    steps: [{ ...enrich, maxCredits: 2.5 }],
  });
  expect(problems.map((problem) => problem.pointer)).toEqual(['/defaults/maxCredits', '/steps/0/maxCredits']);
});

it('refuses maxCredits on a step that is not metered', async () => {
  expect(
    await problemsOf({ id: 'w', steps: [{ id: 'left', step: 'leads.usage', args: {}, maxCredits: 3 }] }),
  ).toEqual([{ code: 'budget-on-unmetered-step', pointer: '/steps/0/maxCredits' }]);
});

it('refuses maxCredits on a loop, pointing to the metered step inside', async () => {
  const result = await loadWorkflow(
    {
      text: JSON.stringify({
        id: 'w',
        steps: [{ id: 'each', maxCredits: 3, forEach: { items: ['a@x.test'], steps: [enrich] } }],
      }),
    },
    { registry },
  );
  expect(result.ok).toBe(false);
  const [problem] = result.ok ? [] : result.diagnostics;
  expect(problem).toMatchObject({ code: 'field-without-step', pointer: '/steps/0/maxCredits' });
  expect(problem.hint).toContain('put maxCredits on the metered step inside');
});

it('refuses an integration whose account budget setting its connection does not declare', () => {
  expect(() =>
    defineIntegration({
      id: 'undeclared',
      title: 'Undeclared',
      status: 'beta',
      connection: Type.Object({ baseUrl: Type.String() }),
      credits: { accountBudgetSetting: 'maxCreditsPerRun' },
      auth: { kind: 'token' },
      http: () => ({ baseUrl: 'http://127.0.0.1' }),
      steps: [],
    }),
  ).toThrow(
    'keeps account budgets in setting "maxCreditsPerRun", which its connection schema does not declare',
  );
});
