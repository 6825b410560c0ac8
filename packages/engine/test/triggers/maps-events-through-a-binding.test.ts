import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { StepError } from '@toolsteps/sdk';
import {
  type CompiledBinding,
  capturedDelivery,
  eventsOfDelivery,
  mapEvent,
} from '../../src/triggers/index.js';
import { BOARD, bindingText, load } from './binding-helpers.js';
import board from './fixtures/board/index.js';

async function compiled(changes: Record<string, unknown> = {}): Promise<CompiledBinding> {
  const result = await load(bindingText(changes));
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics, null, 2));
  return result.binding;
}

const sample = board.triggers?.[0].sample as { card: Record<string, unknown> };
const withCard = (card: Record<string, unknown>) => ({ ...sample, card: { ...sample.card, ...card } });

describe('mapping an event through a binding', () => {
  it("gives the workflow's input for an event that passes the filter", async () => {
    const binding = await compiled();
    expect(await mapEvent(binding, sample)).toEqual({
      passed: true,
      input: { cardId: 7, title: 'Crash on save', urgent: true },
      violations: [],
    });
  });

  it('keeps out an event the filter refuses, and maps the next one afresh', async () => {
    const binding = await compiled();
    expect(await mapEvent(binding, withCard({ labels: ['idea'] }))).toEqual({ passed: false });
    expect(await mapEvent(binding, withCard({ id: 8, labels: ['bug'] }))).toMatchObject({
      input: { cardId: 8, urgent: false },
    });
  });

  it('reads $binding: its id, trigger, account and config', async () => {
    const binding = await compiled({
      workflow: './note.json',
      filter: undefined,
      input: {
        card: '{% $event.card.id %}',
        note: "{% $binding.id & ' on ' & $binding.config.board & ' via ' & $binding.trigger %}",
      },
    });
    expect(await mapEvent(binding, sample)).toMatchObject({
      input: { card: 7, note: 'triage-new-bugs on roadmap via board.new_card' },
    });
  });

  it("says where the input breaks the workflow's input schema", async () => {
    const binding = await compiled({
      input: { cardId: '{% $event.card.id %}', title: '{% $event.card.description %}' },
    });
    expect(await mapEvent(binding, withCard({ description: null }))).toEqual({
      passed: true,
      input: { cardId: 7, title: null },
      violations: [{ pointer: '/title', message: 'must be string' }],
    });
  });

  it('fails with an expression error naming the binding and the field when a mapping yields nothing', async () => {
    const binding = await compiled();
    const error = await mapEvent(binding, { ...sample, card: { ...sample.card, title: undefined } }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(StepError);
    expect(error).toMatchObject({
      code: 'expression',
      field: '/input/title',
      step: undefined,
      message: expect.stringMatching(
        /^The expression \{% \$event\.card\.title %\} at \/input\/title of binding "triage-new-bugs" yielded nothing/,
      ),
    });
  });

  it('fails when the filter yields anything but true or false', async () => {
    const binding = await compiled({ filter: '{% $event.card.description %}' });
    await expect(mapEvent(binding, sample)).rejects.toMatchObject({
      code: 'expression',
      field: '/filter',
      message:
        'The filter of binding "triage-new-bugs" must yield true or false, but it yielded "Saving a large file crashes the app."; compare or test something, or wrap it in $boolean(…)',
    });
  });
});

describe('a captured delivery', () => {
  it("is read with lowercase header names, and its body's JSON as raw bytes", async () => {
    const captured = JSON.parse(await readFile(join(BOARD, 'two-cards.delivery.json'), 'utf8'));
    const delivery = capturedDelivery(captured);
    expect(delivery?.headers).toEqual({
      'x-board-event': 'card',
      'x-board-delivery': 'delivery-1',
      'content-type': 'application/json',
    });
    expect(new TextDecoder().decode(delivery?.rawBody)).toBe(JSON.stringify(captured.body));
    expect(capturedDelivery({ headers: {}, body: {}, rawBody: '{ }' })?.rawBody).toEqual(
      new TextEncoder().encode('{ }'),
    );
  });

  it('is told apart from an event', () => {
    expect(capturedDelivery(sample)).toBeUndefined();
    expect(capturedDelivery({ headers: { a: 1 }, body: {} })).toBeUndefined();
    expect(capturedDelivery({ headers: {}, body: {}, card: {} })).toBeUndefined();
  });

  it("becomes the events the trigger's match makes of it: one per card, for the configured board only", async () => {
    const delivery = capturedDelivery(
      JSON.parse(await readFile(join(BOARD, 'two-cards.delivery.json'), 'utf8')),
    );
    if (!delivery) throw new Error('not a delivery');
    const binding = await compiled();
    expect(
      eventsOfDelivery(binding, delivery).map((event) => (event as { card: { id: number } }).card.id),
    ).toEqual([11, 12]);
    expect(eventsOfDelivery(await compiled({ config: { board: 'ops' } }), delivery)).toEqual([]);
    expect(eventsOfDelivery(binding, { ...delivery, headers: { 'x-board-event': 'ping' } })).toEqual([]);
    expect(
      eventsOfDelivery(await compiled({ config: { board: 'roadmap', column: 'done' } }), delivery),
    ).toEqual([]);
  });

  it('never reaches a poll trigger', async () => {
    const binding = await compiled({ trigger: 'board.archived_card', filter: undefined });
    expect(() => eventsOfDelivery(binding, { headers: {}, body: {}, rawBody: new Uint8Array() })).toThrow(
      'board.archived_card is a poll trigger: it asks the API for events, so no delivery ever reaches it',
    );
  });
});
