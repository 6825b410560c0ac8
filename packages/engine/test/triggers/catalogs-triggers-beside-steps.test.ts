import { describe, expect, it } from '@jest/globals';
import { createRegistry, RegistryError, whyNotIntegration } from '../../src/registry/index.js';
import { calc } from '../fixtures/calc-integration.js';
import board from './fixtures/board/index.js';

describe('the registry with triggers', () => {
  const registry = createRegistry([board, calc]);

  it('finds a trigger and its integration by id', () => {
    expect(registry.trigger('board.new_card')?.title).toBe('New Card');
    expect(registry.integrationOfTrigger('board.archived_card')).toBe(board);
    expect(registry.trigger('board.add_comment')).toBeUndefined();
    expect(registry.step('board.new_card')).toBeUndefined();
  });

  it('catalogues triggers beside steps, each row saying it is a trigger', () => {
    expect(registry.triggerCatalog().map(({ config: _c, event: _e, sample: _s, ...row }) => row)).toEqual([
      {
        kind: 'trigger',
        id: 'board.new_card',
        title: 'New Card',
        description: 'Fires for each card created on a board (optionally in one column).',
        integration: 'board',
        integrationTitle: 'Board (fixture)',
        delivery: 'webhook',
        status: 'stable',
        subscribes: ['card'],
      },
      {
        kind: 'trigger',
        id: 'board.archived_card',
        title: 'Archived Card',
        description: 'Fires for each card archived on a board, polled.',
        integration: 'board',
        integrationTitle: 'Board (fixture)',
        delivery: 'poll',
        status: 'stable',
        intervalMs: 300_000,
      },
    ]);
    expect(registry.triggerCatalog()[0].sample).toBe(board.triggers?.[0].sample);
  });

  it('keeps the step catalog to steps', () => {
    expect(registry.catalog().map((entry) => entry.id)).toContain('board.add_comment');
    expect(registry.catalog().some((entry) => entry.id.startsWith('board.new'))).toBe(false);
  });

  it('refuses a trigger defined twice', () => {
    const twice = { ...board, triggers: [...(board.triggers ?? []), board.triggers?.[0]] } as typeof board;
    expect(() => createRegistry([twice])).toThrow(
      new RegistryError(
        'duplicate-trigger',
        'Trigger "board.new_card" is defined twice in integrations[0] (step and trigger ids must differ)',
        [],
      ),
    );
  });
});

describe('an integration module with triggers, checked by shape', () => {
  it('needs triggers made with defineTrigger, of its own id, and webhooks for webhook triggers', () => {
    expect(whyNotIntegration(board)).toBeUndefined();
    expect(whyNotIntegration({ ...board, triggers: [{ id: 'board.x' }] })).toBe(
      'integration "board" has a trigger that is not made with defineTrigger (needs "id", "delivery" and "available")',
    );
    expect(whyNotIntegration({ ...board, triggers: [{ ...board.triggers?.[0], id: 'code.x' }] })).toBe(
      'trigger "code.x" of integration "board" must start with "board."',
    );
    expect(whyNotIntegration({ ...board, webhooks: undefined })).toBe(
      'trigger "board.new_card" is a webhook trigger, so integration "board" needs "webhooks"',
    );
    expect(whyNotIntegration({ ...board, webhooks: { verify: async () => true } })).toBe(
      'integration "board" has "webhooks" without "register", "unregister", "inspect", "deliveryId"',
    );
  });
});
