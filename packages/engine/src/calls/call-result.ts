import type { ErrorCode } from '@toolsteps/sdk';
import type { ConnectHint } from '../connect/connect-hint.js';
import type { CreditSpend } from '../ports/run-credits.js';
import type { ResultCut } from './fit-result.js';

/** What one tool call did, whether it succeeded or not. */
export interface ToolCallMeta {
  /** The step called, by its id (`github.create_issue`), when the tool is a step. */
  step?: string;
  /** The workflow run, by its id, when the tool is a workflow. */
  workflow?: string;
  /** HTTP requests sent, retries included. */
  requests: number;
  /** Credits spent, when the step is metered. */
  credits?: CreditSpend;
  durationMs: number;
  /**
   * `done`: it succeeded. `not_done`: it failed and changed nothing upstream (a read, or a write that
   * was refused). `unknown`: a write was cut off in flight and may have happened: check before calling
   * it again.
   */
  outcome: 'done' | 'not_done' | 'unknown';
  /** The connected account it used, by id and name, once one was resolved. */
  account?: { id: string; name: string };
  /** Set when the result was over `maxResultBytes`: what was left out, and a note for the model. */
  truncated?: ResultCut;
}

/** Why a tool call failed, in words for the model that made it. */
export interface ToolCallError {
  code: ErrorCode;
  /** What went wrong and what to change. */
  message: string;
  /** The argument at fault, as a JSON pointer into the call's arguments (`/title`), when one is. */
  path?: string;
  /** Whether the same call may succeed later as it is. */
  retryable: boolean;
  /** How long to wait before that retry, when the upstream or a limit said. */
  retryAfterMs?: number;
  /**
   * On `not_connected`: the integration the user has no account of, and how one is connected, so
   * the runtime can start `engine.connect` for the user (or ask them to).
   */
  connect?: ConnectHint & { integration: string; user?: string };
}

/** A tool call resolves to this, never throws for a failed call. */
export type ToolCallResult =
  | { ok: true; result: unknown; meta: ToolCallMeta }
  | { ok: false; error: ToolCallError; meta: ToolCallMeta };
