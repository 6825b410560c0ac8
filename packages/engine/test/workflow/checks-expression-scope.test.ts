import { describe, expect, it } from '@jest/globals';
import { loadWorkflow } from '../../src/workflow/index.js';
import { positionOf, problemsOf, registry, text } from './load-helpers.js';

const search = (id: string, q: unknown, extra: Record<string, unknown> = {}) => ({
  id,
  step: 'code.search_issues',
  args: { q },
  ...extra,
});

describe('what expressions read, checked in execution order', () => {
  it('accepts reads of earlier assignments, built-in functions and names bound in the expression', async () => {
    const source = text({
      id: 'flow',
      steps: [
        search('found', "{% 'repo:' & $input.repo %}", { assign: { issues: '{% $result.items %}' } }),
        { id: 'count', assign: { n: '{% $count($issues) %}', counted: '{% $steps.count.status %}' } },
        search('again', '{% ( $q := $string($n); $map([$q], function($v) { $uppercase($v) })[0] ) %}'),
        search('titles', '{% $join($steps.found.result.items.title, ",") & $run.id %}'),
        search('strict', '{% $n > 0 ? "some" : $error("none found") %}'),
      ],
      output: '{% { "n": $n, "found": $steps.found.result } %}',
    });
    expect((await loadWorkflow({ text: source }, { registry })).ok).toBe(true);
  });

  it('reports a variable read before any step assigns it, at its column', async () => {
    const source = text({
      id: 'flow',
      steps: [
        search('first', '{% $issues[0].title %}'),
        search('found', 'x', { assign: { issues: '{% $result.items %}' } }),
      ],
    });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'unknown-variable',
        pointer: '/steps/0/args/q',
        message: '$issues is read before it is assigned: the step at /steps/1 assigns it later in the run',
        ...positionOf(source, '$issues[0]'),
      }),
    ]);
  });

  it('suggests the variable or function a typo meant', async () => {
    const source = text({
      id: 'flow',
      steps: [
        search('found', 'x', { assign: { issues: '{% $result.items %}' } }),
        search('next', '{% $cout($isues) %}'),
      ],
    });
    const problems = await problemsOf(source);
    expect(problems.map((problem) => problem.message)).toEqual([
      'unknown function $cout (did you mean $count?)',
      'unknown variable $isues (did you mean $issues?)',
    ]);
    expect(problems[1]).toMatchObject(positionOf(source, '$isues'));
  });

  it('keeps $result, $error and $index to the places that set them', async () => {
    const source = text({
      id: 'flow',
      steps: [
        search('a', '{% $result %}', {
          catch: [{ on: '*', then: 'continue', assign: { why: '{% $error.message & $result %}' } }],
        }),
        search('b', '{% $error.code %}', { assign: { i: '{% $index %}' } }),
      ],
    });
    const problems = await problemsOf(source);
    expect(problems.map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      ['variable-out-of-scope', '/steps/0/args/q', `$result is only set in a step's "assign"`],
      [
        'variable-out-of-scope',
        '/steps/0/catch/0/assign/why',
        `$result is only set in a step's "assign"; a catch handler gets $error instead`,
      ],
      ['variable-out-of-scope', '/steps/1/args/q', `$error is only set in a catch handler's "assign"`],
      ['variable-out-of-scope', '/steps/1/assign/i', '$index is only set inside a forEach'],
    ]);
    expect(problems[0]).toMatchObject(positionOf(source, '$result'));
  });

  it('keeps a forEach item and the steps inside a loop to that loop', async () => {
    const source = text({
      id: 'flow',
      steps: [
        {
          id: 'tickets',
          forEach: {
            items: '{% $input.issues %}',
            as: 'issue',
            steps: [
              {
                id: 'ticket',
                step: 'tickets.create_ticket',
                args: { subject: '{% $issue.title & $string($index) %}' },
              },
              { id: 'note', assign: { last: '{% $steps.ticket.result.id %}' } },
            ],
          },
        },
        search('after', '{% $issue.title & $steps.ticket.result.subject & $last %}'),
      ],
    });
    const problems = await problemsOf(source);
    expect(problems.map(({ code, message }) => [code, message])).toEqual([
      [
        'variable-out-of-scope',
        '$issue is the item of the forEach at /steps/0 and is only set inside that loop',
      ],
      [
        'unknown-step-reference',
        '$steps.ticket names a step inside the forEach at /steps/0, which is not visible outside that loop',
      ],
      [
        'unknown-variable',
        '$last is read before it is assigned: the step at /steps/0/forEach/steps/1 assigns it inside the forEach at /steps/0, and what a loop assigns stays in its iterations',
      ],
    ]);
    expect(problems[1]).toMatchObject(positionOf(source, 'ticket.result.subject'));
  });

  it('keeps parallel branches from reading each other', async () => {
    const source = text({
      id: 'flow',
      steps: [
        {
          id: 'both',
          parallel: [
            [search('left', 'x', { assign: { l: 1 } })],
            [search('right', '{% $l & $steps.left.result %}')],
          ],
        },
        search('after', '{% $l & $steps.right.result %}'),
      ],
    });
    const problems = await problemsOf(source);
    expect(problems.map(({ code, pointer, message }) => [code, pointer, message])).toEqual([
      [
        'unknown-variable',
        '/steps/0/parallel/1/0/args/q',
        '$l is read before it is assigned: the step at /steps/0/parallel/0/0 assigns it in another parallel branch, which runs at the same time',
      ],
      [
        'unknown-step-reference',
        '/steps/0/parallel/1/0/args/q',
        '$steps.left is not available here: step "left" runs in another parallel branch, at the same time as this one',
      ],
    ]);
  });

  it('computes all values of one assign before setting any', async () => {
    const source = text({
      id: 'flow',
      steps: [
        search('found', 'x', { assign: { items: '{% $result.items %}', count: '{% $count($items) %}' } }),
      ],
    });
    expect(await problemsOf(source)).toEqual([
      expect.objectContaining({
        code: 'unknown-variable',
        pointer: '/steps/0/assign/count',
        message:
          '$items is read before it is assigned: this same "assign" sets it, and all its values are computed before any is set',
        ...positionOf(source, '$items)'),
      }),
    ]);
  });

  it('refuses $steps of unknown, later or the same step', async () => {
    const source = text({
      id: 'flow',
      steps: [
        search('found', '{% $steps.fonud.result & $steps.later.result & $steps.found.result %}', {
          assign: { ok: '{% $steps.found.status %}' },
        }),
        search('later', 'x'),
      ],
    });
    const problems = await problemsOf(source);
    expect(problems.map((problem) => problem.message)).toEqual([
      '$steps.fonud names no step',
      '$steps.later is not available here: step "later" runs later in the run',
      '$steps.found is this step itself: its result is $result, in its "assign"',
    ]);
  });

  it('refuses $eval, reserved variable names and a forEach over a non-array', async () => {
    const source = text({
      id: 'flow',
      steps: [
        search('a', '{% $eval("1 + 1") %}', { assign: { steps: 1 } }),
        {
          id: 'loop',
          forEach: { items: '{% "abc" %}', as: 'index', steps: [{ id: 'in', assign: { x: 1 } }] },
        },
      ],
    });
    const problems = await problemsOf(source);
    expect(problems.map(({ code, pointer }) => [code, pointer])).toEqual([
      ['eval-not-allowed', '/steps/0/args/q'],
      ['reserved-name', '/steps/0/assign/steps'],
      ['foreach-items', '/steps/1/forEach/items'],
      ['reserved-name', '/steps/1/forEach/as'],
    ]);
    expect(problems[1].message).toBe(
      '"steps" is reserved ($steps is set by the engine) and cannot be used as a variable name',
    );
    expect(problems[2].message).toBe(
      'forEach.items must yield an array, but this expression always yields a string',
    );
    expect(problems[0]).toMatchObject(positionOf(source, '$eval'));
    expect(problems[1]).toMatchObject(positionOf(source, '"steps": 1'));
    expect(problems[2]).toMatchObject(positionOf(source, '"{% \\"abc'));
  });
});
