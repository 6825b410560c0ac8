import { describe, expect, it } from '@jest/globals';
import type { Activation, NewDelivery, TriggerStore } from '../../../src/index.js';
import { TRIGGER_STORES, useTriggerStore } from './host-helpers.js';

function delivery(id: string, bindingId = 'triage', body = `{"n":"${id}"}`): NewDelivery {
  return {
    id,
    bindingId,
    source: 'webhook',
    receivedAt: 1_000,
    headers: { 'x-board-event': 'card' },
    rawBody: new TextEncoder().encode(body),
  };
}

const activation: Activation = {
  bindingId: 'triage',
  trigger: 'board.new_card',
  account: 'Demo board',
  registration: { board: 'roadmap', hookId: 7 },
  secret: 'f'.repeat(64),
  status: 'active',
  activatedAt: 2_000,
};

// The same contract, run on every store: callers never know which they have.
describe.each(TRIGGER_STORES)('the %s trigger store', (_name, open) => {
  const store = useTriggerStore(open);

  it('keeps a delivery once per binding and id, a redelivery being a duplicate', async () => {
    expect(await store().commitDelivery(delivery('d-1'))).toBe('committed');
    expect(await store().commitDelivery(delivery('d-1', 'triage', '{"changed":true}'))).toBe('duplicate');
    // The same id at another binding is another delivery.
    expect(await store().commitDelivery(delivery('d-1', 'other'))).toBe('committed');
    const kept = await store().delivery('triage', 'd-1');
    expect(kept).toEqual({
      ...delivery('d-1'),
      rawBody: expect.any(Uint8Array),
      status: 'received',
      runs: [],
      attempts: 0,
    });
    expect(new TextDecoder().decode(kept?.rawBody)).toBe('{"n":"d-1"}');
    expect((await store().deliveriesWithId('d-1')).map((item) => item.bindingId)).toEqual([
      'triage',
      'other',
    ]);
  });

  it('keeps a delivery once per binding and replay key too, whatever its id', async () => {
    const signed = (id: string, bindingId = 'triage') => ({
      ...delivery(id, bindingId),
      replayKey: 'a'.repeat(64),
    });
    expect(await store().commitDelivery(signed('d-1'))).toBe('committed');
    // Committed in the same moment too: one verdict each.
    expect(
      await Promise.all([store().commitDelivery(signed('d-2')), store().commitDelivery(signed('d-3'))]),
    ).toEqual(['duplicate', 'duplicate']);
    // Another binding, or no key (a poll's event), is another delivery.
    expect(await store().commitDelivery(signed('d-2', 'other'))).toBe('committed');
    expect(await store().commitDelivery(delivery('d-4'))).toBe('committed');
    expect((await store().deliveries()).map((item) => [item.bindingId, item.id])).toEqual([
      ['triage', 'd-1'],
      ['other', 'd-2'],
      ['triage', 'd-4'],
    ]);
    expect(await store().delivery('triage', 'd-1')).toMatchObject({ replayKey: 'a'.repeat(64) });
  });

  it('answers deliveries committed in the same moment each with its own verdict', async () => {
    const verdicts = await Promise.all([
      store().commitDelivery(delivery('a')),
      store().commitDelivery(delivery('b')),
      store().commitDelivery(delivery('a')),
    ]);
    expect(verdicts).toEqual(['committed', 'committed', 'duplicate']);
    expect((await store().deliveries()).map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('follows a delivery from received to its outcome, its runs recorded as they end', async () => {
    await store().commitDelivery(delivery('d-1'));
    expect(await store().startDelivery('triage', 'd-1')).toMatchObject({ status: 'running', attempts: 1 });
    await store().recordRun('triage', 'd-1', { event: 0, runId: 'r-1', status: 'succeeded' });
    const error = { code: 'upstream' as const, message: 'Board answered 500', retryable: false };
    await store().recordRun('triage', 'd-1', { event: 1, runId: 'r-2', status: 'failed', error });
    await store().finishDelivery('triage', 'd-1', {
      status: 'failed',
      error,
      eventsCount: 2,
      finishedAt: 3_000,
    });
    expect(await store().delivery('triage', 'd-1')).toMatchObject({
      status: 'failed',
      error,
      eventsCount: 2,
      finishedAt: 3_000,
      runs: [
        { event: 0, runId: 'r-1', status: 'succeeded' },
        { event: 1, runId: 'r-2', status: 'failed', error },
      ],
    });

    // Finished, it is not taken to run again until it is requeued.
    expect(await store().startDelivery('triage', 'd-1')).toBeUndefined();
    expect(await store().requeueDelivery('triage', 'd-1')).toBe(true);
    const requeued = await store().delivery('triage', 'd-1');
    expect(requeued).toMatchObject({ status: 'received', attempts: 1, eventsCount: 2 });
    expect(requeued?.error).toBeUndefined();
    expect(requeued?.runs).toHaveLength(2);
    expect(await store().requeueDelivery('triage', 'nope')).toBe(false);
    expect(await store().startDelivery('triage', 'nope')).toBeUndefined();
  });

  it('lists deliveries by binding and status, oldest or newest first, up to a limit', async () => {
    for (const id of ['a', 'b', 'c']) await store().commitDelivery(delivery(id));
    await store().commitDelivery(delivery('x', 'other'));
    await store().startDelivery('triage', 'b');
    const ids = async (query: Parameters<TriggerStore['deliveries']>[0]) =>
      (await store().deliveries(query)).map((item) => item.id);
    expect(await ids({})).toEqual(['a', 'b', 'c', 'x']);
    expect(await ids({ bindingId: 'triage', order: 'newest' })).toEqual(['c', 'b', 'a']);
    expect(await ids({ status: ['received'], limit: 2 })).toEqual(['a', 'c']);
    expect(await ids({ status: ['running', 'failed'] })).toEqual(['b']);
    expect(await ids({ status: [] })).toEqual([]);
    // The same query, without reading a body.
    expect(await store().deliveryKeys({ status: ['received'], order: 'newest', limit: 2 })).toEqual([
      { bindingId: 'other', id: 'x', receivedAt: 1_000 },
      { bindingId: 'triage', id: 'c', receivedAt: 1_000 },
    ]);
  });

  it("commits a poll's events and its cursor together", async () => {
    expect(await store().cursor('archive')).toBeUndefined();
    await store().commitPoll('archive', '1', [], 1_000);
    expect(await store().cursor('archive')).toBe('1');
    const polled = { ...delivery('e-1', 'archive'), source: 'poll' as const };
    await store().commitPoll('archive', '2', [polled], 2_000);
    expect(await store().cursor('archive')).toBe('2');
    expect(await store().deliveries({ bindingId: 'archive' })).toEqual([
      expect.objectContaining({ id: 'e-1', source: 'poll', status: 'received' }),
    ]);
    await store().clearCursor('archive');
    expect(await store().cursor('archive')).toBeUndefined();
  });

  it('keeps activations with their registration and secret, replacing one on save', async () => {
    expect(await store().activation('triage')).toBeUndefined();
    await store().saveActivation(activation);
    expect(await store().activation('triage')).toEqual(activation);
    const inactive: Activation = {
      ...activation,
      status: 'inactive',
      registration: undefined,
      secret: undefined,
    };
    delete inactive.registration;
    delete inactive.secret;
    await store().saveActivation(inactive);
    await store().saveActivation({ ...activation, bindingId: 'archive', trigger: 'board.archived_card' });
    expect(await store().activations()).toEqual([
      { ...activation, bindingId: 'archive', trigger: 'board.archived_card' },
      inactive,
    ]);
  });
});
