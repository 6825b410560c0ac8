import { describe, expect, it } from '@jest/globals';
import { account, MemoryVault } from '../fixtures/validation/memory-vault.js';
import { positionOf, problemsOf } from './binding-helpers.js';

const source = `{
  "id": "every-problem",
  "trigger": "board.new_card",
  "account": "calc-main",
  "config": { "board": "Road Map" },
  "filter": "{% $event.card.lables = 'bug' %}",
  "interval": "10m",
  "workflow": "./triage.json",
  "input": { "title": "{% $input.title %}", "urgent": "{% $count( %}" },
  "retries": 3
}
`;
const vault = new MemoryVault([
  account('calc-main', 'calc', 'Main'),
  account('board-main', 'board', 'Main board'),
]);

describe('a binding with many problems', () => {
  it('gets every one of them at once, in file order, each with its pointer and line:column', async () => {
    const problems = await problemsOf(source, { vault });
    expect(problems.map(({ code, pointer, line, column }) => ({ code, pointer, line, column }))).toEqual([
      { code: 'account-wrong-integration', pointer: '/account', ...positionOf(source, '"calc-main"') },
      { code: 'invalid-config', pointer: '/config/board', ...positionOf(source, '"Road Map"') },
      { code: 'unknown-event-path', pointer: '/filter', ...positionOf(source, 'lables') },
      { code: 'invalid-interval', pointer: '/interval', ...positionOf(source, '"interval"') },
      { code: 'invalid-input', pointer: '/input', ...positionOf(source, '{ "title"') },
      { code: 'unknown-variable', pointer: '/input/title', ...positionOf(source, '$input') },
      { code: 'expression-syntax', pointer: '/input/urgent', ...positionOf(source, '%}" }', -1) },
      { code: 'unknown-property', pointer: '', ...positionOf(source, '"retries"') },
    ]);
    expect(problems.map((problem) => problem.message)).toEqual([
      'account "calc-main" is a calc account, but a board account is needed here (connected: Main board)',
      'must match the pattern ^[a-z0-9-]+$ (got "Road Map") (config of board.new_card)',
      '$event.card has no "lables" in the event of board.new_card (did you mean "labels"?)',
      '"interval" only applies to poll triggers: board.new_card is delivered by webhook, as its events happen',
      'missing required property "cardId" (the input of workflow "triage-card")',
      `$input is not set in a binding: what "input" yields becomes the workflow's $input`,
      expect.stringMatching(/^invalid expression: /),
      'unknown property "retries" (allowed: $schema, id, title, description, trigger, account, user, config, filter, interval, workflow, handler, input)',
    ]);
    expect(problems.every((problem) => problem.file?.endsWith('test.binding.json'))).toBe(true);
  });
});
