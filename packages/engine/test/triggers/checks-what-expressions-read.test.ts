import { describe, expect, it } from '@jest/globals';
import { bindingText, load, located, positionOf, problemsOf } from './binding-helpers.js';

const withTitle = (expression: string) => bindingText({ input: { cardId: 1, title: expression } });

/** The one problem of a binding whose title mapping is `expression`, located at `snippet`. */
async function problemOf(expression: string, snippet: string, shift = 0) {
  const source = withTitle(expression);
  const problems = (await problemsOf(source)).map(located);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatchObject(positionOf(source, snippet, shift));
  return problems[0];
}

describe('what a binding expression reads', () => {
  it('is $event and $binding, JSONata functions, and names the expression binds', async () => {
    const source = withTitle(
      "{% ($card := $event.card; $uppercase($card.title) & ' on ' & $binding.config.board & ' ' & $binding.id) %}",
    );
    expect((await load(source)).ok).toBe(true);
  });

  it('refuses any other variable, suggesting the closest', async () => {
    expect(await problemOf('{% $evnt.card.title %}', '$evnt')).toMatchObject({
      code: 'unknown-variable',
      pointer: '/input/title',
      message: 'unknown variable $evnt (did you mean $event?)',
    });
    expect(await problemOf('{% $uppercse($event.card.title) %}', '$uppercse')).toMatchObject({
      code: 'unknown-variable',
      message: 'unknown function $uppercse (did you mean $uppercase?)',
    });
  });

  it("says that a workflow's names are not set in a binding", async () => {
    expect((await problemOf('{% $input.title %}', '$input')).message).toBe(
      `$input is not set in a binding: what "input" yields becomes the workflow's $input`,
    );
    expect((await problemOf('{% $steps.first.result %}', '$steps')).message).toBe(
      '$steps is only set inside a workflow run, not in a binding',
    );
  });

  it('refuses $eval', async () => {
    expect(await problemOf('{% $eval($event.card.title) %}', '$eval')).toMatchObject({
      code: 'eval-not-allowed',
      message: '$eval is not allowed in binding expressions: it would run code built from data, unchecked',
    });
  });

  it('reports a syntax error inside the expression', async () => {
    // JSONata finds an unterminated string where the text ends.
    const problem = await problemOf("{% $event.card.title & 'x %}", "'x %}", 2);
    expect(problem).toMatchObject({ code: 'expression-syntax', pointer: '/input/title' });
  });

  it('names a field read from the empty context, and what to write instead', async () => {
    expect(await problemOf("{% card.title & '!' %}", 'card.title')).toMatchObject({
      code: 'context-read',
      message: `"card" reads the expression's context, which is empty in a binding: write $event.card`,
    });
  });

  it('does not take fields of the items a path walks for context reads', async () => {
    const source = withTitle(
      "{% $join($event.card.labels[$ != 'bug'], ', ') & $string($count($event.card.author.login)) %}",
    );
    expect((await load(source)).ok).toBe(true);
  });
});

describe('$event paths', () => {
  it('must be declared by the event schema, with a did-you-mean at the field', async () => {
    expect(await problemOf('{% $event.card.titel %}', 'titel')).toEqual({
      code: 'unknown-event-path',
      pointer: '/input/title',
      message: '$event.card has no "titel" in the event of board.new_card (did you mean "title"?)',
      ...positionOf(withTitle('{% $event.card.titel %}'), 'titel'),
    });
  });

  it('may not go into a string or number, nor into the items of a list of them', async () => {
    expect((await problemOf('{% $event.card.title.text %}', 'text')).message).toBe(
      '$event.card.title is a string: it has no "text"',
    );
    expect((await problemOf('{% $event.card.labels.name %}', 'name')).message).toBe(
      '$event.card.labels is a list of strings: they have no "name"',
    );
  });

  it('go through arrays and nullable fields, as JSONata does', async () => {
    const source = withTitle('{% $event.card.description ?? $event.card.labels[0] ?? $event.sender.login %}');
    expect((await load(source)).ok).toBe(true);
  });

  it('are checked in the filter too', async () => {
    const source = bindingText({ filter: "{% 'bug' in $event.card.label %}" });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'unknown-event-path',
        pointer: '/filter',
        message: '$event.card has no "label" in the event of board.new_card (did you mean "labels"?)',
        ...positionOf(source, 'label %}'),
      },
    ]);
  });
});

describe('$binding paths', () => {
  it("read the binding's id, trigger, account and config, as the trigger's config schema declares it", async () => {
    expect((await problemOf('{% $binding.config.bord %}', 'bord')).message).toBe(
      '$binding.config has no "bord" in the config of board.new_card (did you mean "board"?)',
    );
    expect((await problemOf('{% $binding.owner %}', 'owner')).message).toBe(
      '$binding has no "owner" (it has id, trigger, account, config)',
    );
    expect((await problemOf('{% $binding.id.name %}', 'name')).message).toBe(
      '$binding.id is a string: it has no "name"',
    );
  });
});

describe('the filter', () => {
  it('must be able to yield true or false', async () => {
    const source = bindingText({ filter: "{% $event.card.title & '!' %}" });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-filter',
        pointer: '/filter',
        message: 'the filter must yield true or false, but this expression always yields a string',
        ...positionOf(source, '"{% $event.card.title'),
      },
    ]);
  });

  it('must be an expression', async () => {
    const source = bindingText({ filter: true });
    const [problem] = await problemsOf(source);
    expect(problem).toMatchObject({ code: 'shape', pointer: '/filter', ...positionOf(source, 'true') });
  });
});
