import { createHash } from 'node:crypto';
import {
  type AnyStep,
  type ConnectedAccount,
  type Effect,
  type HttpClient,
  type Integration,
  type Logger,
  type StepContext,
  withFields,
} from '@toolsteps/sdk';
import type { SendEndListener } from '../ports/services.js';
import type { CallCredits } from './credits/call-credits.js';
import { logRequest } from './request-log.js';
import type { RunContext, StepProgress } from './run-context.js';

/** What one attempt of a tool step (or its probe) is called with, and the HTTP client it made if any. */
export interface Attempt {
  run: RunContext;
  step: AnyStep;
  integration: Integration;
  account: ConnectedAccount;
  stepKey: string;
  /** The effect the client is built for: the step's own, `read` for a probe. */
  effect: Effect;
  attempt: number;
  signal: AbortSignal;
  progress: StepProgress;
  credits: CallCredits;
  /** Set once the attempt built its client: only then can it have requests to stop. */
  http?: HttpClient;
}

/**
 * The context a step's `run` (or `probe`) receives. The client and logger are built on first use:
 * many steps compute without calling their API.
 */
export function stepContext(attempt: Attempt): StepContext {
  const { run, step, integration, account, stepKey, progress } = attempt;
  let log: Logger | undefined;
  const onExchange = run.onExchange;
  const writes = attempt.effect === 'read' ? undefined : progress.writes;
  const recordsSends = run.recorder.recordsSends && writes !== undefined;
  const { credits } = attempt;
  return {
    account: {
      id: account.id,
      integration: account.integration,
      name: account.name,
      settings: account.settings,
    },
    get http() {
      attempt.http ??= run.http.client({
        integration,
        account,
        effect: attempt.effect,
        signal: attempt.signal,
        onSent: (request) => {
          progress.requests++;
          const written = writes?.sent(request, run.clock.now());
          const ended = credits.metered ? both(written, credits.sent(request)) : written;
          return progress.requestLog ? logRequest(progress.requestLog, request, ended) : ended;
        },
        // Exchange records are built only for someone who reads them.
        onExchange: onExchange && ((exchange) => onExchange(stepKey, exchange)),
        beforeWrite: recordsSends
          ? (request) =>
              run.recorder.recordSend({
                stepKey,
                step: step.id,
                method: request.method,
                path: request.path,
                at: run.clock.now(),
                attempt: attempt.attempt,
              })
          : undefined,
        // A metered step checks its budgets before every try: a retry may be charged again.
        beforeTry: credits.metered ? (request) => credits.beforeTry(request, attempt.signal) : undefined,
      });
      return attempt.http;
    },
    signal: attempt.signal,
    get log() {
      log ??= withFields(run.logger, { runId: run.runId, stepKey });
      return log;
    },
    runId: run.runId,
    stepKey,
    meter: {
      add: (name, amount) => {
        progress.meter ??= {};
        progress.meter[name] = (progress.meter[name] ?? 0) + amount;
      },
    },
    credits,
    get parts() {
      return credits.parts;
    },
    get idempotencyKey() {
      return idempotencyKey(run.runId, stepKey);
    },
    writeMarkers: run.writeMarkers,
  };
}

/** Both listeners told how a send ended, when both listen. */
function both(
  first: SendEndListener | undefined,
  second: SendEndListener | undefined,
): SendEndListener | undefined {
  if (!first || !second) return first ?? second;
  return (end, reason, status) => {
    first(end, reason, status);
    second(end, reason, status);
  };
}

/** Stable for a run's step across resumes, and says nothing of either: a hash, 32 hex digits. */
function idempotencyKey(runId: string, stepKey: string): string {
  return createHash('sha256').update(`${runId}\u0000${stepKey}`).digest('hex').slice(0, 32);
}
