import {
  type AnyTrigger,
  type ConnectedAccount,
  type Effect,
  type HttpExchange,
  type Integration,
  integrationOfTrigger,
  type Logger,
  type LogLevel,
  type TriggerContext,
} from '@toolsteps/sdk';
import { createEngine } from '../container/create-engine.js';
import type { Clock } from '../ports/clock.js';
import type { HttpClientFactory, SecretScrubber } from '../ports/services.js';
import { TOKENS } from '../ports/tokens.js';
import { buildTriggerContext } from '../triggers/host/trigger-context.js';
import { type EmulatorAccounts, emulatorAccount } from './emulator-account.js';

export interface TriggerTestContextOptions {
  /** The trigger under test: its integration's account client is built (defineIntegration knows it). */
  trigger?: AnyTrigger;
  /** The integration, for `webhooks` tests or a trigger that did not go through defineIntegration. */
  integration?: Integration;
  /** The account trigger code runs with; or `emulator`, whose first account is used. */
  account?: ConnectedAccount;
  emulator?: EmulatorAccounts;
  /**
   * A webhook secret for `webhooks.register` to send, as the trigger host gives it: this context's
   * client alone may send it, and it is redacted from `exchanges` and `logs`.
   */
  secret?: string;
  /** Default `write`, what `register` and `unregister` run as; a poll or an `inspect` runs as `read`. */
  effect?: Effect;
  clock?: Clock;
  signal?: AbortSignal;
}

/** One line trigger code logged through `ctx.log`, secrets already scrubbed. */
export interface LoggedLine {
  level: LogLevel;
  message: string;
  fields?: Record<string, unknown>;
}

export interface TriggerTestContext extends TriggerContext {
  /** Every HTTP request made through `http` (retries included), secrets redacted. */
  readonly exchanges: HttpExchange[];
  readonly logs: LoggedLine[];
}

/**
 * The context the trigger host gives trigger code, built the same way over a real engine: the
 * account's path-only HTTP client (auth, retries, limits, answer checks). With it a poll trigger's
 * `run` and an integration's `webhooks.register`, `inspect` and `unregister` are tested against an
 * emulator; a webhook trigger's `match` needs none (`capturedDelivery` reads a captured delivery).
 */
export async function triggerTestContext(options: TriggerTestContextOptions): Promise<TriggerTestContext> {
  const integration =
    options.integration ??
    (options.trigger === undefined ? undefined : integrationOfTrigger(options.trigger));
  if (!integration) {
    throw new Error(
      options.trigger === undefined
        ? 'triggerTestContext needs { trigger } or { integration } to build the account client for'
        : `Trigger "${options.trigger.id}" belongs to no integration loaded so far: import its integration module, or pass { integration }`,
    );
  }
  const account = options.account ?? emulatorAccount(options.emulator);
  if (!account)
    throw new Error('triggerTestContext needs { account } or { emulator } to run the trigger with');

  const logs: LoggedLine[] = [];
  const engine = await createEngine({
    integrations: [integration],
    accounts: [account],
    clock: options.clock,
    logger: recordingLogger(logs),
  });
  const { container } = engine;
  const scrubber = container.get<SecretScrubber>(TOKENS.SecretScrubber);
  const exchanges: HttpExchange[] = [];
  const context = await buildTriggerContext(
    {
      vault: engine.vault,
      scrubber,
      http: container.get<HttpClientFactory>(TOKENS.HttpClientFactory),
      logger: container.get<Logger>(TOKENS.Logger),
    },
    {
      integration,
      account: account.id,
      effect: options.effect ?? 'write',
      signal: options.signal ?? new AbortController().signal,
      secret: options.secret,
      onExchange: (exchange) => exchanges.push(exchange),
    },
  );
  return {
    ...context,
    secret(value) {
      context.secret(value);
      // What was recorded before the secret was known (the answer that held it) is scrubbed too.
      exchanges.splice(0, exchanges.length, ...exchanges.map((exchange) => scrubber.scrubValue(exchange)));
      logs.splice(0, logs.length, ...logs.map((line) => scrubber.scrubValue(line)));
    },
    exchanges,
    logs,
  };
}

/** The engine scrubs every line before it gets here. */
function recordingLogger(logs: LoggedLine[]): Logger {
  const write =
    (level: LogLevel) =>
    (message: string, fields?: Record<string, unknown>): void => {
      logs.push({ level, message, ...(fields === undefined ? {} : { fields }) });
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
