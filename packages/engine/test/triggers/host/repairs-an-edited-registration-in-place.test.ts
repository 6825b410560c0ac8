import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type IntegrationWebhooks,
  loadBindingOrThrow,
  type Registration,
  type TriggerHost,
} from '../../../src/index.js';
import { boardWebhooks } from '../fixtures/board/webhooks.js';
import { type BoardSetup, boardSetup, card, type EventLog, NEW_BUGS } from './host-helpers.js';

describe('reconciling a registration edited by hand', () => {
  let setup: BoardSetup;
  let host: TriggerHost;
  let log: EventLog;
  /** What each `register` call was handed as `previous`. */
  let previous: Array<Registration | undefined>;
  beforeEach(async () => {
    setup = await boardSetup();
    previous = [];
    const binding = await loadBindingOrThrow(NEW_BUGS, {
      registry: setup.engine.registry,
      vault: setup.engine.vault,
    });
    const watched: IntegrationWebhooks = {
      ...boardWebhooks,
      register: (request, ctx) => {
        previous.push(request.previous);
        return boardWebhooks.register(request, ctx);
      },
    };
    ({ host, log } = await setup.host({
      bindings: [{ ...binding, integration: { ...binding.integration, webhooks: watched } }],
    }));
  });
  afterEach(() => setup.close());

  it('hands register the edited registration, which is put back in place under the same id', async () => {
    const activation = await host.activate('triage-new-bugs');
    await host.start();
    setup.board.editHook('roadmap', 1, { url: `${setup.publicUrl}/hooks/elsewhere`, events: ['comment'] });
    expect(await setup.board.createCards('roadmap', [card(11, 'Lost')])).toEqual([]);

    expect(await host.reconcile()).toEqual([{ bindingId: 'triage-new-bugs', found: 'changed' }]);

    expect(previous).toEqual([undefined, { board: 'roadmap', hookId: 1 }]);
    expect(setup.board.hooks('roadmap')).toEqual([
      {
        id: 1,
        board: 'roadmap',
        url: host.urlOf('triage-new-bugs'),
        secret: activation.secret,
        events: ['card'],
      },
    ]);
    expect(await host.store.activation('triage-new-bugs')).toEqual(activation);
    expect(log.of('binding.repaired')).toEqual([expect.objectContaining({ found: 'changed' })]);
    expect(await host.reconcile()).toEqual([{ bindingId: 'triage-new-bugs', found: 'ok' }]);

    // Deliveries flow through the repaired hook again.
    const [answer] = await setup.board.createCards('roadmap', [card(12, 'Found again')]);
    expect(answer).toMatchObject({ hookId: 1, status: 202 });
    await host.idle();
    expect(await host.deliveries()).toEqual([
      expect.objectContaining({ id: answer.id, status: 'succeeded' }),
    ]);
  });

  it('registers a deleted one anew, with no previous registration to update', async () => {
    await host.activate('triage-new-bugs');
    setup.board.removeHook('roadmap', 1);

    expect(await host.reconcile()).toEqual([{ bindingId: 'triage-new-bugs', found: 'missing' }]);

    expect(previous).toEqual([undefined, undefined]);
    expect(setup.board.hooks('roadmap')).toEqual([expect.objectContaining({ id: 2, events: ['card'] })]);
  });
});
