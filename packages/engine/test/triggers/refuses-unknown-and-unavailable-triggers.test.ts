import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { defineIntegration, defineTrigger, Type } from '../../src/index.js';
import { createRegistry } from '../../src/registry/index.js';
import { loadBinding } from '../../src/triggers/index.js';
import { calc } from '../fixtures/calc-integration.js';
import { BOARD, bindingText, positionOf, problemsOf } from './binding-helpers.js';
import board from './fixtures/board/index.js';

const unknown = async (trigger: string) => {
  const source = bindingText({ trigger });
  const [problem, ...others] = await problemsOf(source);
  expect(others).toEqual([]);
  expect(problem).toMatchObject({
    code: 'unknown-trigger',
    pointer: '/trigger',
    ...positionOf(source, `"${trigger}"`),
    hint: 'list the installed triggers with `toolsteps triggers`',
  });
  return problem.message;
};

describe('a binding naming a trigger that is not installed', () => {
  it('suggests the closest trigger of the integration', async () => {
    expect(await unknown('board.new_crad')).toBe(
      'unknown trigger "board.new_crad" (did you mean "board.new_card"?)',
    );
  });

  it('fixes a misspelt integration first', async () => {
    expect(await unknown('bord.new_card')).toBe(
      'unknown trigger "bord.new_card" (did you mean "board.new_card"?)',
    );
  });

  it('names the installed integrations when none is close', async () => {
    expect(await unknown('jira.new_ticket')).toBe(
      'unknown trigger "jira.new_ticket": no integration "jira" is installed (installed: board, calc)',
    );
  });

  it('says when the integration has triggers but not this one, or none at all', async () => {
    expect(await unknown('board.deleted_board')).toBe(
      'unknown trigger "board.deleted_board": integration "board" has no such trigger (its triggers: board.new_card, board.archived_card)',
    );
    expect(await unknown('calc.new_sum')).toBe(
      'unknown trigger "calc.new_sum": integration "calc" has no triggers',
    );
  });

  it('says so when it names a step', async () => {
    expect(await unknown('board.add_comment')).toBe(
      '"board.add_comment" is a step, not a trigger: a binding starts a workflow on a trigger\'s events',
    );
  });
});

describe('a binding naming an unavailable trigger', () => {
  it('is refused with the reason the trigger gives', async () => {
    const gated = defineIntegration({
      id: 'gated',
      title: 'Gated',
      status: 'stable',
      connection: Type.Object({}),
      auth: { kind: 'token' },
      http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
      steps: [],
      triggers: [
        defineTrigger({
          id: 'gated.new_ticket',
          title: 'New Ticket',
          description: 'Polls for tickets.',
          delivery: 'poll',
          available: false,
          unavailableReason: 'triggers need an Enterprise plan',
          config: Type.Object({}),
          event: Type.Object({ id: Type.Integer() }),
          sample: { id: 1 },
          poll: { intervalMs: 60_000, run: async () => ({ events: [], cursor: '' }) },
        }),
      ],
    });
    const source = bindingText({
      trigger: 'gated.new_ticket',
      config: {},
      filter: undefined,
      input: { cardId: 1, title: 'x' },
    });
    const result = await loadBinding(
      { text: source, file: join(BOARD, 'gated.binding.json') },
      { registry: createRegistry([board, calc, gated]) },
    );
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'trigger-unavailable',
        pointer: '/trigger',
        message: 'trigger "gated.new_ticket" is unavailable: triggers need an Enterprise plan',
        ...positionOf(source, '"gated.new_ticket"'),
      }),
    ]);
  });
});
