import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  createEngine,
  createTriggerHost,
  defineTrigger,
  type EngineOptions,
  grantedEntitlements,
  MemoryTriggerStore,
  ValueSecretScrubber as SecretScrubber,
  StepError,
} from '@toolsteps/engine';
import { BOARD } from '../../../../engine/test/triggers/binding-helpers.js';
import {
  type BoardEmulator,
  startBoardEmulator,
} from '../../../../engine/test/triggers/fixtures/board/emulator.js';
import { newCard } from '../../../../engine/test/triggers/fixtures/board/new-card.js';
import premiumBoard, {
  BOARD_PREMIUM,
} from '../../../../engine/test/triggers/fixtures/board/premium-board.js';
import { NEW_BUGS } from '../../../../engine/test/triggers/host/host-helpers.js';
import type { CliContext } from '../../../src/cli-context.js';
import { describeCommand } from '../../../src/commands/describe.js';
import { Output } from '../../../src/output.js';

/** The host's plan decides which triggers may be activated; steps never ask. */
describe('a trigger that requires an entitlement', () => {
  let emulator: BoardEmulator;
  beforeEach(async () => {
    emulator = await startBoardEmulator();
  });
  afterEach(() => emulator.close());

  /** A host over the premium board, with the engine options of the test (its entitlements). */
  async function hostWith(options: EngineOptions = {}) {
    const engine = await createEngine({
      integrations: [premiumBoard],
      accounts: emulator.accounts,
      triggerStore: new MemoryTriggerStore(),
      ...options,
    });
    const host = await createTriggerHost({
      engine,
      bindings: [NEW_BUGS],
      publicUrl: 'http://127.0.0.1:9/toolsteps',
    });
    return { engine, host };
  }

  it('is refused on activation where the host lacks it, naming it and how to grant it', async () => {
    const { host } = await hostWith();

    const refusal = await host.activate('triage-new-bugs').catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(StepError);
    expect(refusal).toMatchObject({
      code: 'forbidden',
      message:
        'Binding "triage-new-bugs" cannot be activated: trigger "board.new_card" requires Board Premium plan ' +
        '(board.premium), which this host is not entitled to. If the account has it, grant it with ' +
        'createEngine({ entitlements: ["board.premium"] }), or "entitlements": ["board.premium"] in toolsteps.config.json.',
      details: { missing: ['board.premium'] },
    });
    // Nothing was asked of the third party, and nothing was recorded.
    expect(emulator.hooks('roadmap')).toEqual([]);
    expect(await host.store.activation('triage-new-bugs')).toBeUndefined();
  });

  it('activates where the host grants it: by createEngine, or by its config file', async () => {
    const given = await hostWith({ entitlements: ['board.premium'] });
    await expect(given.host.activate('triage-new-bugs')).resolves.toMatchObject({ status: 'active' });
    expect(emulator.hooks('roadmap')).toHaveLength(1);

    const asked = await hostWith({ entitlements: grantedEntitlements(['other.plan', 'board.premium']) });
    await expect(asked.host.activate('triage-new-bugs')).resolves.toMatchObject({ status: 'active' });

    const configured = await hostWith({ configFile: `${BOARD}/premium.config.json` });
    await expect(configured.host.activate('triage-new-bugs')).resolves.toMatchObject({ status: 'active' });
  });

  it("leaves the integration's steps alone: they run without it", async () => {
    const { engine } = await hostWith();

    const result = await engine.run(`${BOARD}/triage.json`, { cardId: 7, title: 'Crash' });

    expect(result).toMatchObject({ status: 'succeeded', output: { text: 'Triaged: Crash' } });
  });

  it('is listed by `toolsteps describe`, and refused when not a list of { id, title }', async () => {
    const printed = new PassThrough();
    const scrubber = new SecretScrubber();
    const cli = {
      output: new Output(scrubber, printed, printed),
      scrubber,
      engine: () => createEngine({ integrations: [premiumBoard] }),
    } as unknown as CliContext;

    await describeCommand('board.new_card', {}, cli);

    expect(String(printed.read()).split('\n').slice(0, 3)).toEqual([
      'New Card (board.new_card)',
      'integration: Board (fixture)   delivery: webhook (card)   status: stable',
      'requires: Board Premium plan (board.premium); a binding activates only where the host grants it',
    ]);
    expect(premiumBoard.triggers?.[0]).toMatchObject({ requires: [BOARD_PREMIUM] });
    const webhookCard = newCard as Extract<typeof newCard, { delivery: 'webhook' }>;
    expect(() => defineTrigger({ ...webhookCard, requires: [{ id: 'premium', title: '' }] })).toThrow(
      'Trigger "board.new_card" has a "requires" that is not a list of { id, title }',
    );
  });
});
