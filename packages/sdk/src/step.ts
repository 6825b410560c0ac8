import type { Static, TSchema } from '@sinclair/typebox';
import type { AccountSummary } from './account.js';
import { CATALOG_ID } from './catalog-id.js';
import type { CreditsReporter, StepCredits, StepParts } from './credits.js';
import type { HttpClient } from './http.js';
import type { Logger } from './logger.js';
import type { SentWrite } from './sent-write.js';

/** What a step does to the outside world: drives retry safety and dry runs. */
export type Effect = 'read' | 'write' | 'delete';

/** Counters a step reports (e.g. pages read); they land in the step's trace. Credits have `ctx.credits`. */
export interface Meter {
  add(name: string, amount: number): void;
}

export interface StepContext {
  /** The connected account, without credentials: those never reach step code. */
  account: AccountSummary;
  http: HttpClient;
  signal: AbortSignal;
  log: Logger;
  runId: string;
  /** Where in the workflow this call is, e.g. `tickets[3].ticket`. */
  stepKey: string;
  meter: Meter;
  /** Reports the credits this call spent (see `credits` on the step definition). */
  credits: CreditsReporter;
  /** The parts of this call's work already done and paid for (a bulk call's batches), kept across attempts and resumes. */
  parts: StepParts;
  /**
   * Unique to this call of the step in this run, and the same when a resumed run calls it again:
   * send it as an idempotency key, or write it as a marker the step's `probe` can look for.
   */
  idempotencyKey: string;
  /**
   * Whether the step may leave a hidden marker of `idempotencyKey` in what it writes (an HTML comment
   * in a body), for its `probe` to find after a crash or an answer that said nothing. False for a tool
   * call that did not ask for resumable writes: what a model wrote is written as it is, and the
   * engine never asks the probe about such a write (it reports its outcome as unknown instead).
   */
  writeMarkers: boolean;
}

/** The part of a step's result a model is handed (`StepDefinition.forModel`). */
export interface ModelView<R> {
  /** What `project` returns, as a schema: the tool's output schema for a model. */
  output: TSchema;
  project: (result: R) => unknown;
}

/** What a step's probe found out: whether its write already happened, and then the step's result. */
export type ProbeFinding<O> = { happened: true; result: O } | { happened: false };

export interface StepDefinition<I extends TSchema, O extends TSchema> {
  /** `integration.key`, stable, snake_case. */
  id: string;
  title: string;
  description: string;
  effect: Effect;
  /**
   * A `write` or `delete` step that does no harm when run twice (it sets a state, or sends an
   * idempotency key). A retry policy re-runs other writes only when no write they sent may have been
   * processed (refused before sending, 429, connection refused…).
   */
  idempotent?: boolean;
  input: I;
  output: O;
  /** Catalogued but not runnable: validation rejects workflows that use it, with `unavailableReason`. */
  available?: boolean;
  unavailableReason?: string;
  /** Declares the step metered: budgets (`maxCredits`) are checked against its worst case before it runs. */
  credits?: StepCredits<Static<I>>;
  /**
   * What a model is handed of the result instead of all of it (a tool call, an MCP server): the
   * fields that help it act, e.g. an issue's number, title, state, labels, url and the start of its
   * body. Workflows, and a call that asks for the full result, get the whole answer.
   */
  forModel?: ModelView<Static<O>>;
  run: (input: Static<I>, ctx: StepContext) => Promise<Static<O>>;
  /**
   * For a write not safe to repeat: tells whether this call (same args, same `ctx.idempotencyKey`)
   * already happened upstream. A resumed run asks it when a crash left the step's write in flight,
   * and a run asks it when a write's answer said nothing (a 5xx, a lost answer, a timeout after
   * sending): found, its result stands and the step is not run again; not found, the step runs
   * (in a live run, within its retry policy). Without a probe such a step stops the run as
   * `outcome_unknown` for an operator. Reads only: `ctx.http` refuses nothing, but a probe that
   * writes defeats its purpose.
   */
  probe?: (
    input: Static<I>,
    ctx: StepContext,
    sent: readonly SentWrite[],
  ) => Promise<ProbeFinding<Static<O>>>;
}

export type Step<I extends TSchema = TSchema, O extends TSchema = TSchema> = Required<
  Pick<StepDefinition<I, O>, 'available'>
> &
  StepDefinition<I, O>;

/** A catalog holds steps of every input and output type. */
export type AnyStep = Step<any, any>;

export function defineStep<I extends TSchema, O extends TSchema>(
  definition: StepDefinition<I, O>,
): Step<I, O> {
  if (!CATALOG_ID.test(definition.id)) {
    throw new Error(`Step id "${definition.id}" must look like "integration.snake_case_name"`);
  }
  const available = definition.available ?? true;
  if (!available && !definition.unavailableReason) {
    throw new Error(`Step "${definition.id}" is marked unavailable and must say why (unavailableReason)`);
  }
  return { ...definition, available };
}
