import type { ConnectedAccount, HttpExchange, Logger } from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';
import type { RequestTrace } from '../ports/events.js';
import type { CreditSpend } from '../ports/run-credits.js';
import type { HttpClientFactory } from '../ports/services.js';
import type { CompiledWorkflow } from '../workflow/compiled-workflow.js';
import type { AccountResolver } from './account-resolver.js';
import type { CreditLedger } from './credits/credit-ledger.js';
import type { RunReplay } from './resume/run-replay.js';
import type { RunRecorder } from './run-recorder.js';
import type { WriteOutcomes } from './write-outcomes.js';

/** What every part of one run shares. */
export interface RunContext {
  runId: string;
  workflow: CompiledWorkflow;
  recorder: RunRecorder;
  accounts: AccountResolver;
  http: HttpClientFactory;
  clock: Clock;
  logger: Logger;
  random: () => number;
  /** Credits spent and reserved in this run, against which budgets are checked. */
  credits: CreditLedger;
  onExchange?: (stepKey: string, exchange: HttpExchange) => void;
  /** Set when the run is resumed: what it already did, replayed instead of run again. */
  replay?: RunReplay;
  /** Whether each step's trace lists its requests (`requestLog`): off, a request costs nothing more. */
  traceRequests?: boolean;
  /** Whether steps may mark what they write for their probes (`StepContext.writeMarkers`). */
  writeMarkers: boolean;
}

/** What a step did so far; its trace is written from this whether it succeeds or fails. */
export interface StepProgress {
  attempts: number;
  args?: unknown;
  meter?: Record<string, number>;
  /** Set when the step is metered or reports credits. */
  credits?: CreditSpend;
  /** Requests sent, counted as they leave: one still in flight when the step ends counts. */
  requests: number;
  /** Set when requests are traced: each request as it leaves, its status once answered. */
  requestLog?: RequestTrace[];
  /** The account the step resolved, once it has. */
  account?: ConnectedAccount;
  /** What the step's writes may have done upstream (`write` and `delete` steps only). */
  writes?: WriteOutcomes;
  /** Set when the step's probe found its write had happened (on a resume or after an answer that said nothing). */
  replayed?: 'probed';
}
