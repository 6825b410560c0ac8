import { describe, expect, it } from '@jest/globals';
import { loadWorkflow } from '../../src/workflow/index.js';
import { positionOf, problemsOf, registry, text } from './load-helpers.js';

const INPUT = {
  type: 'object',
  required: ['owner', 'repo'],
  properties: {
    owner: { type: 'string' },
    repo: { type: 'string' },
    label: { type: 'string' },
    user: { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' } } },
    people: {
      type: 'array',
      items: { type: 'object', properties: { email: { type: 'string' }, role: { type: 'string' } } },
    },
    extra: { type: 'object' },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

const search = (id: string, q: unknown, extra: Record<string, unknown> = {}) => ({
  id,
  step: 'code.search_issues',
  args: { q },
  ...extra,
});

describe('$input paths checked against the workflow input schema', () => {
  it('reports a misspelt field once, with a did-you-mean, at its column in the expression', async () => {
    const source = text({
      id: 'flow',
      input: INPUT,
      steps: [
        search('found', "{% 'repo:' & $input.repo & ($input.lable ? ' label:' & $input.lable : '') %}"),
      ],
    });
    expect(await problemsOf(source)).toEqual([
      {
        code: 'unknown-input-path',
        pointer: '/steps/0/args/q',
        message: `$input has no "lable" in the workflow's input schema (did you mean "label"?)`,
        hint: `the schema declares "owner", "repo", "label", "user", "people", "extra" and "labels" in $input; add "lable" to its "properties" if the run input has it`,
        file: 'flow.json',
        ...positionOf(source, 'lable'),
      },
    ]);
  });

  it('checks every place expressions stand: if, args, forEach items, assign, catch, output', async () => {
    const source = text({
      id: 'flow',
      input: INPUT,
      steps: [
        search('one', '{% $input.owner %}', {
          if: '{% $input.ownr = "x" %}',
          assign: { a: '{% $input.rpo %}' },
          catch: [{ on: '*', then: 'continue', assign: { b: '{% $input.labl %}' } }],
        }),
        {
          id: 'each',
          forEach: { items: '{% $input.peple %}', steps: [search('inner', '{% $input.repo %}')] },
        },
      ],
      output: '{% $input.usr %}',
    });
    const problems = await problemsOf(source);
    expect(problems.map((problem) => [problem.pointer, problem.message])).toEqual([
      ['/steps/0/if', `$input has no "ownr" in the workflow's input schema (did you mean "owner"?)`],
      ['/steps/0/assign/a', `$input has no "rpo" in the workflow's input schema (did you mean "repo"?)`],
      [
        '/steps/0/catch/0/assign/b',
        `$input has no "labl" in the workflow's input schema (did you mean "label"?)`,
      ],
      [
        '/steps/1/forEach/items',
        `$input has no "peple" in the workflow's input schema (did you mean "people"?)`,
      ],
      ['/output', `$input has no "usr" in the workflow's input schema (did you mean "user"?)`],
    ]);
    expect(problems.every((problem) => problem.code === 'unknown-input-path')).toBe(true);
  });

  it('follows nested properties and array items, and names the field where the path breaks', async () => {
    const source = text({
      id: 'flow',
      input: INPUT,
      steps: [
        search('a', '{% $input.user.name & $input.user.nmae %}'),
        search('b', '{% $join($input.people.email, ",") & $input.people[0].rol %}'),
        search('c', '{% $input.owner.login %}'),
      ],
    });
    const problems = await problemsOf(source);
    expect(problems.map((problem) => problem.message)).toEqual([
      `$input.user has no "nmae" in the workflow's input schema (did you mean "name"?)`,
      `$input.people has no "rol" in the workflow's input schema (did you mean "role"?)`,
      `$input.owner is a string: it has no "login"`,
    ]);
    expect(problems[0]).toMatchObject(positionOf(source, 'nmae'));
  });

  it('stops where the schema allows any name, and leaves names an expression binds itself alone', async () => {
    const source = text({
      id: 'flow',
      input: INPUT,
      steps: [
        search('open', '{% $input.extra.anything.deeper & $input.labels.bug %}'),
        search('bound', '{% ( $input := { "x": 1 }; $input.x ) %}'),
        search('whole', '{% $string($input) & $keys($input)[0] %}'),
      ],
    });
    expect(await loadWorkflow({ text: source }, { registry })).toMatchObject({ ok: true });
  });

  it('checks nothing when the workflow declares no input schema, or one without properties', async () => {
    for (const input of [undefined, { type: 'object' }, { type: 'object', additionalProperties: true }]) {
      const source = text({ id: 'flow', input, steps: [search('found', '{% $input.lable %}')] });
      expect(await loadWorkflow({ text: source }, { registry })).toMatchObject({ ok: true });
    }
  });

  it('follows $refs into $defs', async () => {
    const source = text({
      id: 'flow',
      input: {
        type: 'object',
        properties: { user: { $ref: '#/$defs/user' } },
        $defs: { user: { type: 'object', properties: { login: { type: 'string' } } } },
      },
      steps: [search('found', '{% $input.user.login & $input.user.logn %}')],
    });
    expect((await problemsOf(source)).map((problem) => problem.message)).toEqual([
      `$input.user has no "logn" in the workflow's input schema (did you mean "login"?)`,
    ]);
  });
});
