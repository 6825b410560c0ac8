import type { RequestTrace } from '../ports/events.js';
import type { SendEndListener, SentRequest } from '../ports/services.js';

/**
 * Adds a request to a step's log as it leaves and fills in its status when it ends, then tells
 * `then` (the step's write outcomes) as it would have been told. The query is left out: it may
 * carry data a trace should not keep, and the path says which endpoint was called.
 */
export function logRequest(
  log: RequestTrace[],
  request: SentRequest,
  then: SendEndListener | undefined,
): SendEndListener {
  const query = request.path.indexOf('?');
  const entry: RequestTrace = {
    method: request.method,
    path: query === -1 ? request.path : request.path.slice(0, query),
  };
  log.push(entry);
  return (end, reason, status) => {
    if (status !== undefined) entry.status = status;
    then?.(end, reason, status);
  };
}

/** The log as a trace keeps it: a copy, as a request still in flight may end after the trace is written. */
export function loggedRequests(log: readonly RequestTrace[]): RequestTrace[] {
  return log.map((entry) =>
    entry.status === undefined
      ? { method: entry.method, path: entry.path }
      : { method: entry.method, path: entry.path, status: entry.status },
  );
}
