import { StepError } from '@toolsteps/sdk';
import { sharedAjv } from '@toolsteps/sdk/schema';
import { HANDLER_NAME_PATTERN } from './binding-schema.js';

/**
 * What a trigger host hands each event of a handler binding to, instead of running a workflow: an
 * agent runtime's own function (start an agent, enqueue a job). It is called with the input the
 * binding mapped from the event, once the filter passed; what it returns is awaited and not kept. A
 * throw (or rejection) fails the delivery with its error, scrubbed, and the host serves on.
 */
export type TriggerHandler = (input: unknown, context: TriggerHandlerContext) => unknown;

export interface TriggerHandlerContext {
  /** `$binding` of the binding's expressions: its id, trigger, account and config. */
  binding: { id: string; trigger: string; account: string; config: Record<string, unknown> };
  /**
   * The end user the binding acts for (its `user`), when it names one: whose event this is, and for
   * whom what the handler starts should act (e.g. `engine.call(…, { user })`).
   */
  user?: string;
  /** The delivery the event came in (the third party's delivery id, or a poll's). */
  deliveryId: string;
  /** The event's position among the delivery's events. */
  event: number;
  /**
   * The same each time this event is handed over (`deliveryRunId`): a delivery taken again after a
   * crash that cut the call off, or replayed, calls the handler again with the same id. Use it as
   * the id of what the handler starts, so a second call finds the first's work instead of repeating it.
   */
  runId: string;
  /** How many times the delivery has been taken: more than 1 after a crash or a replay. */
  attempt: number;
  /**
   * Aborted when the host stops. The host waits for the handler to end; one that rejects once this
   * is aborted is taken as cut off, and called again at the next start with the same `runId`.
   */
  signal: AbortSignal;
}

/**
 * The handlers a host serves handler bindings with, by the name binding files give in `"handler"`:
 * a function, or one with the JSON Schema its input must match (checked when a binding loads, as far
 * as the binding file tells, and on each mapped input before the call).
 */
export type TriggerHandlers = Readonly<
  Record<string, TriggerHandler | { input?: object; handle: TriggerHandler }>
>;

/** A handler as a host keeps it. */
export interface HandlerEntry {
  name: string;
  handle: TriggerHandler;
  input?: object;
}

/**
 * The handlers given, checked: each a function (or `{ input?, handle }`) under a name a binding file
 * can write, each input schema compiling. Own names only: nothing inherited (`toString`,
 * `constructor`) is ever a handler.
 */
export function handlerEntries(handlers: TriggerHandlers | undefined): Map<string, HandlerEntry> {
  const entries = new Map<string, HandlerEntry>();
  if (handlers === undefined) return entries;
  if (handlers === null || typeof handlers !== 'object' || Array.isArray(handlers))
    throw invalid(
      'handlers must be an object of functions by name, e.g. { startAgent: async (input, context) => … }',
    );
  const namePattern = new RegExp(HANDLER_NAME_PATTERN);
  for (const [name, given] of Object.entries(handlers)) {
    if (!namePattern.test(name))
      throw invalid(
        `handler name ${JSON.stringify(name)} is not one a binding file can name: use letters, digits, _, . and - (starting with a letter or digit)`,
      );
    const handle = typeof given === 'function' ? given : given?.handle;
    if (typeof handle !== 'function')
      throw invalid(`handler "${name}" must be a function, or { input?, handle } with handle a function`);
    const entry: HandlerEntry = { name, handle };
    const input = typeof given === 'function' ? undefined : given.input;
    if (input !== undefined) {
      entry.input = input;
      try {
        sharedAjv({ unsupportedPatterns: 'throw' }).compile(input);
      } catch (error) {
        throw invalid(`the input schema of handler "${name}" does not compile: ${(error as Error).message}`);
      }
    }
    entries.set(name, entry);
  }
  return entries;
}

function invalid(message: string): StepError {
  return new StepError({ code: 'validation', message: `Trigger handlers: ${message}` });
}
