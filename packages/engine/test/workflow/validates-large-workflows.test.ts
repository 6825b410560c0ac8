import { describe, expect, it, jest } from '@jest/globals';
import { loadWorkflow } from '../../src/workflow/index.js';
import { registry } from './load-helpers.js';

// Checks grow linearly with the workflow: this is a bound for a slow shared machine, not a benchmark.
jest.setTimeout(180_000);

/** Past the default 10,000 expressions, as a host that raises `maxExpressions` may load. */
const RAISED = { registry, maxExpressions: 100_000 };

/** `count` steps of every kind: tool steps with if/args/assign reading the previous one, loops, branches. */
function largeWorkflow(count: number): { id: string; steps: unknown[] } {
  const steps: unknown[] = [{ id: 's0', assign: { v0: 1 } }];
  for (let i = 1; steps.length < count; i++) {
    if (i % 10 === 5) {
      const body = [{ id: `t${i}`, step: 'tickets.create_ticket', args: { subject: '{% $string($it) %}' } }];
      steps.push({ id: `s${i}`, forEach: { items: `{% [$v${i - 1}] %}`, as: 'it', steps: body } });
    } else if (i % 10 === 8) {
      const branch = (name: string) => [
        { id: `${name}${i}`, assign: { [`${name}${i}`]: `{% $v${i - 1} %}` } },
      ];
      steps.push({ id: `s${i}`, parallel: [branch('a'), branch('b')] });
    }
    steps.push({
      id: `u${i}`,
      step: 'tickets.create_ticket',
      if: `{% $v${i - 1} > 0 %}`,
      args: { subject: `{% $string($v${i - 1}) %}`, priority: 'urgent' },
      assign: { [`v${i}`]: '{% $result.id %}' },
    });
  }
  return { id: 'large', steps };
}

describe('a workflow of 20,000 steps, under a raised expression limit', () => {
  it('validates in one pass over its steps, within the default size limit', async () => {
    const text = JSON.stringify(largeWorkflow(20_000));

    const result = await loadWorkflow({ text, file: 'large.json' }, RAISED);

    expect(result.diagnostics).toEqual([]);
    expect(result.ok && result.workflow.steps.length).toBeGreaterThanOrEqual(20_000);
  });

  it('reports every one of its problems when each step has one', async () => {
    const steps = Array.from({ length: 20_000 }, (_, i) =>
      i % 2 === 0
        ? { id: `s${i}`, if: 5, assign: { x: 1 } }
        : { id: `s${i}`, assign: { [`v${i}`]: `{% $w${i} %}` } },
    );
    const text = JSON.stringify({ id: 'large', steps });

    const result = await loadWorkflow({ text, file: 'large.json' }, { registry });

    // Shape problems do not hide the others: 10,000 bad `if`s and 10,000 unknown variables.
    expect(result.diagnostics).toHaveLength(20_000);
    expect(result.diagnostics[0]).toMatchObject({ code: 'shape', pointer: '/steps/0/if' });
    expect(result.diagnostics[1]).toMatchObject({ code: 'unknown-variable', pointer: '/steps/1/assign/v1' });
  });

  it('reports every unknown variable of 20,000 steps', async () => {
    const steps = Array.from({ length: 20_000 }, (_, i) => ({
      id: `s${i}`,
      assign: { [`v${i}`]: `{% $w${i} %}` },
    }));
    const text = JSON.stringify({ id: 'large', steps });

    const result = await loadWorkflow({ text, file: 'large.json' }, RAISED);

    expect(result.diagnostics).toHaveLength(20_000);
    expect(new Set(result.diagnostics.map((d) => d.code))).toEqual(new Set(['unknown-variable']));
  });
});
