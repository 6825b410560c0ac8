import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type ConnectedAccount,
  createEngine,
  createTriggerHost,
  type IntegrationWebhooks,
  loadBindingOrThrow,
  MemoryTriggerStore,
  REDACTED,
  type SecretScrubber,
  StepError,
  TOKENS,
} from '../../../src/index.js';
import type { BoardEmulator } from '../fixtures/board/emulator.js';
import board from '../fixtures/board/index.js';
import { boardWebhooks } from '../fixtures/board/webhooks.js';
import { type BoardSetup, boardSetup, card, LinesLogger, NEW_BUGS } from './host-helpers.js';

/** Another account on the same board: the one a workflow could try to hand a binding's secret to. */
const otherAccount = (emulator: BoardEmulator): ConnectedAccount => ({
  id: 'board-other',
  integration: 'board',
  name: 'Other board',
  settings: { baseUrl: emulator.baseUrl },
  credentials: { token: 'other-board-token-5678' },
});

/** A step of another account that tries to send `text`, say a binding's secret. */
const commentAs = (account: string, text: string) => ({
  text: JSON.stringify({
    id: 'comment-elsewhere',
    steps: [{ id: 'comment', step: 'board.add_comment', account, args: { cardId: 11, text } }],
  }),
});

describe("a binding's webhook secret", () => {
  let setup: BoardSetup;
  let logger: LinesLogger;
  beforeEach(async () => {
    logger = new LinesLogger();
    setup = await boardSetup({ logger, accounts: (emulator) => [otherAccount(emulator)] });
  });
  afterEach(() => setup.close());

  const commentRequests = () =>
    setup.board.emulator.requests.filter((request) => request.path.startsWith('/cards'));
  /** The triage binding, loaded without accounts: its workflow's step names none, and the board has two. */
  const triage = () => loadBindingOrThrow(NEW_BUGS, { registry: setup.engine.registry });

  it('is sent in the registration, yet a refusal that repeats the request shows it nowhere', async () => {
    const { host, log } = await setup.host({ bindings: [await triage()] });
    setup.board.refuseNextHook();

    const failure = (await host.activate('triage-new-bugs').catch((error: unknown) => error)) as StepError;

    const [sent] = setup.board.emulator.requests.filter((request) => request.method === 'POST');
    const { secret } = sent.body as { secret: string };
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure).toMatchObject({ code: 'validation', status: 422 });
    expect(failure.message).toContain(
      `Invalid hook {"url":"${host.urlOf('triage-new-bugs')}","secret":"${REDACTED}"`,
    );
    expect(JSON.stringify([failure, log.events, logger.lines])).not.toContain(secret);

    // Nothing was kept of the refused activation; the next one registers.
    const activation = await host.activate('triage-new-bugs');
    expect(setup.board.hooks('roadmap')).toEqual([expect.objectContaining({ secret: activation.secret })]);
  });

  it("is scrubbed from an integration's own log lines and errors that repeat the request", async () => {
    const binding = await triage();
    let given = '';
    const repeating: IntegrationWebhooks = {
      ...boardWebhooks,
      register: async (request, ctx) => {
        given = request.secret;
        ctx.log.warn(`Registering ${JSON.stringify(request)}`, { request });
        throw new Error(`Could not register ${JSON.stringify(request)}`);
      },
    };
    const { host, log } = await setup.host({
      bindings: [{ ...binding, integration: { ...binding.integration, webhooks: repeating } }],
    });

    const failure = (await host.activate(binding.id).catch((error: unknown) => error)) as StepError;

    expect(given).toMatch(/^[0-9a-f]{64}$/);
    expect(failure).toBeInstanceOf(StepError);
    expect(failure.message).toContain(`"secret":"${REDACTED}"`);
    expect(failure.cause).toBeUndefined();
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: expect.stringContaining(`"secret":"${REDACTED}"`),
        fields: expect.objectContaining({
          bindingId: binding.id,
          request: expect.objectContaining({ secret: REDACTED }),
        }),
      }),
    ]);
    expect(JSON.stringify([failure, log.events, logger.lines])).not.toContain(given);
  });

  it('is refused to a step of another account, however it came by it', async () => {
    const { host } = await setup.host({ bindings: [await triage()] });
    const { secret = '' } = await host.activate('triage-new-bugs');

    const leak = await setup.engine.run(commentAs('board-other', `The hook's secret: ${secret}`));

    expect(leak.status).toBe('failed');
    expect(leak.steps[0].error).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(
        /its body carries a credential of another connected account.*nothing was sent/,
      ),
    });
    expect(commentRequests()).toEqual([]);
    expect(JSON.stringify(leak)).not.toContain(secret);
    // The same step without it does leave (the board then refuses this account's token).
    const control = await setup.engine.run(commentAs('board-other', 'Nothing secret here'));
    expect(control.steps[0].error).toMatchObject({ code: 'unauthorized' });
    expect(commentRequests()).toHaveLength(1);
  });

  it("is refused to the workflow a delivery runs, and the delivery's failure shows it nowhere", async () => {
    // The demo account alone: the workflow runs on it, the binding's own account.
    await setup.close();
    setup = await boardSetup({ logger });
    const { host, log } = await setup.host();
    const { secret = '' } = await host.activate('triage-new-bugs');
    await host.start();

    // A card titled with the secret: the triage workflow would comment "Triaged: <secret>".
    const [answer] = await setup.board.createCards('roadmap', [card(11, secret)]);
    expect(answer.status).toBe(202);
    await host.idle();

    const [delivery] = await host.deliveries();
    expect(delivery).toMatchObject({
      status: 'failed',
      error: {
        code: 'validation',
        message: expect.stringContaining('carries a credential of another connected account'),
      },
    });
    expect(commentRequests()).toEqual([]);
    expect(JSON.stringify([delivery.error, delivery.runs, log.events, logger.lines])).not.toContain(secret);
  });

  it('is known to the scrubber of a host opened on the store after a restart, and still sent by its repair', async () => {
    const store = new MemoryTriggerStore();
    const bindings = [await triage()];
    const { host } = await setup.host({ store, bindings });
    const { secret = '' } = await host.activate('triage-new-bugs');

    // A new process: a fresh engine, whose scrubber never saw the secret, over the same store.
    const engine = await createEngine({
      integrations: [board],
      accounts: [...setup.board.accounts, otherAccount(setup.board)],
    });
    const scrubber = engine.container.get<SecretScrubber>(TOKENS.SecretScrubber);
    expect(scrubber.scrub(secret)).toBe(secret);
    const restarted = await createTriggerHost({ engine, bindings, publicUrl: setup.publicUrl, store });

    expect(scrubber.scrub(`signed with ${secret}`)).toBe(`signed with ${REDACTED}`);
    const leak = await engine.run(commentAs('board-other', secret));
    expect(leak.steps[0].error).toMatchObject({ code: 'validation' });
    expect(commentRequests()).toEqual([]);

    setup.board.removeHook('roadmap', 1);
    expect(await restarted.reconcile()).toEqual([{ bindingId: 'triage-new-bugs', found: 'missing' }]);
    expect(setup.board.hooks('roadmap')).toEqual([expect.objectContaining({ secret })]);
  });
});
