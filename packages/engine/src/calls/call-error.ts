import type { ErrorCode, StepErrorJson } from '@toolsteps/sdk';
import type { ConnectHint } from '../connect/connect-hint.js';
import type { ToolCallError } from './call-result.js';

/** Conditions that pass: the same call, unchanged, may succeed after a wait. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set(['rate_limited', 'timeout', 'unavailable']);

/**
 * A failed step's error as the model that called it reads it. `retryable` follows from the
 * condition, not from the path that found it, so a quota the engine refused before sending and a
 * 429 from the API say the same; a write that may have happened is never retryable as it is.
 * The argument at fault is named by its place in the arguments (`/title`), not in a workflow:
 * `argumentsAt` is where the arguments stand in the error's `field` (`/args` of a step, `/input` of a workflow).
 */
export function toolCallError(
  error: StepErrorJson,
  outcomeUnknown: boolean,
  argumentsAt: string,
): ToolCallError {
  const path = argumentPath(error.field, argumentsAt);
  return {
    code: error.code,
    message: error.message,
    ...(path === undefined ? {} : { path }),
    retryable: TRANSIENT.has(error.code) && !outcomeUnknown,
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    ...connectOf(error),
  };
}

/** What `not_connected` carries for the runtime to start connecting: the integration, the user, the way. */
function connectOf(error: StepErrorJson): Pick<ToolCallError, 'connect'> {
  const details = error.details;
  if (error.code !== 'not_connected' || typeof details?.integration !== 'string') return {};
  const hint = details.connect as ConnectHint | undefined;
  if (!hint) return {};
  const user = typeof details.user === 'string' ? { user: details.user } : {};
  return { connect: { integration: details.integration, ...user, ...hint } };
}

/** `/args/title` (a step's) or `/input/title` (a workflow's) as the argument it names, `/title`. */
function argumentPath(field: string | undefined, argumentsAt: string): string | undefined {
  if (field === undefined || !field.startsWith(`${argumentsAt}/`)) return undefined;
  return field.slice(argumentsAt.length);
}
