import { describe, expect, it } from '@jest/globals';
import { bindingText, load, located, positionOf, problemsOf } from './binding-helpers.js';

const OWNER = '(the input of workflow "triage-card")';

describe('an input mapping written as an object', () => {
  it('must give every property the workflow requires', async () => {
    const source = bindingText({ input: { title: '{% $event.card.title %}' } });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-input',
        pointer: '/input',
        message: `missing required property "cardId" ${OWNER}`,
        ...positionOf(source, '{\n    "title"'),
      },
    ]);
  });

  it('may not give properties the workflow does not take, nor literal values it refuses', async () => {
    const source = bindingText({
      input: { cardId: 'seven', title: '{% $event.card.title %}', priority: 'high' },
    });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-input',
        pointer: '/input/cardId',
        message: `must be a whole number (got "seven") ${OWNER}`,
        ...positionOf(source, '"seven"'),
      },
      {
        code: 'invalid-input',
        pointer: '/input',
        message: `unknown property "priority" (allowed: cardId, title, urgent, labels) ${OWNER}`,
        ...positionOf(source, '"priority"'),
      },
    ]);
  });

  it('must not give a $event field of another type than the workflow wants', async () => {
    const source = bindingText({ input: { cardId: '{% $event.card.id %}', title: '{% $event.card.id %}' } });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-input',
        pointer: '/input/title',
        message: `"title" must be a string, but $event.card.id is a whole number ${OWNER}`,
        ...positionOf(source, '"title": "{% $event.card.id', '"title": '.length),
      },
    ]);
  });

  it('must not give what an expression always makes of another type', async () => {
    const source = bindingText({
      input: { cardId: '{% $event.card.id %}', title: 'x', urgent: "{% $event.card.title & '!' %}" },
    });
    const [problem] = await problemsOf(source);
    expect(problem.message).toBe(
      `"urgent" must be true or false, but the expression {% $event.card.title & '!' %} is a string ${OWNER}`,
    );
  });

  it('leaves alone what only an event can tell: a nullable field, a value computed at run time', async () => {
    const source = bindingText({
      input: {
        cardId: '{% $event.card.id %}',
        title: '{% $event.card.description %}',
        labels: '{% $event.card.labels %}',
        urgent: '{% $count($event.card.labels) > 1 %}',
      },
    });
    expect((await load(source)).ok).toBe(true);
  });
});

describe('an input mapping written as one expression', () => {
  it('has the keys of the object it builds checked, each problem at its key', async () => {
    const source = bindingText({
      input: "{% { 'title': $event.card.id, 'extra': true, 'urgent': 'yes' } %}",
    });
    expect((await problemsOf(source)).map(located)).toEqual([
      {
        code: 'invalid-input',
        pointer: '/input',
        message: `missing required property "cardId" ${OWNER}`,
        ...positionOf(source, "{ 'title'"),
      },
      {
        code: 'invalid-input',
        pointer: '/input',
        message: `"title" must be a string, but $event.card.id is a whole number ${OWNER}`,
        ...positionOf(source, "'title'"),
      },
      {
        code: 'invalid-input',
        pointer: '/input',
        message: `unknown property "extra" (allowed: cardId, title, urgent, labels) ${OWNER}`,
        ...positionOf(source, "'extra'"),
      },
      {
        code: 'invalid-input',
        pointer: '/input',
        message: `must be true or false (got "yes") ${OWNER}`,
        ...positionOf(source, "'urgent'"),
      },
    ]);
  });

  it('is not judged when what it builds cannot be known', async () => {
    const source = bindingText({
      input: "{% $merge([{ 'cardId': $event.card.id }, { 'title': $event.card.title }]) %}",
    });
    expect((await load(source)).ok).toBe(true);
  });
});

describe('a workflow without an input schema', () => {
  it('takes whatever the mapping gives', async () => {
    const source = bindingText({
      workflow: './note.json',
      input: { card: '{% $event.card.id %}', note: 'seen' },
    });
    expect((await load(source)).ok).toBe(true);
  });
});
