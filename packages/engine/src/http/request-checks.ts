import { type HttpMethod, type HttpRequest, StepError } from '@toolsteps/sdk';
import { assertSafeHeader } from '../auth/safe-header.js';

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** The request as it will be sent: method checked, JSON serialised once, headers safe. */
export interface CheckedRequest {
  method: HttpMethod;
  body?: string | Uint8Array;
  headers: Record<string, string>;
}

/** Refuses a malformed request before anything is sent, naming what to fix. */
export function checkRequest(request: HttpRequest): CheckedRequest {
  if (request === null || typeof request !== 'object')
    throw invalid('A request must be an object with a `path`');
  const method = String(request.method ?? 'GET').toUpperCase();
  if (!METHODS.has(method))
    throw invalid(`HTTP method "${request.method}" is not one of ${[...METHODS].join(', ')}`);
  if (request.json !== undefined && request.body !== undefined) {
    throw invalid('A request carries `json` or `body`, not both');
  }
  const hasBody = request.json !== undefined || request.body !== undefined;
  if ((method === 'GET' || method === 'HEAD') && hasBody)
    throw invalid(`A ${method} request cannot carry a body`);
  if (request.body !== undefined && typeof request.body !== 'string' && !(request.body instanceof Uint8Array))
    throw invalid('`body` must be a string or a Uint8Array');
  if (request.acceptStatus !== undefined && !isStatusList(request.acceptStatus)) {
    throw invalid('`acceptStatus` must be a list of HTTP statuses (100 to 599)');
  }
  const worstCase = request.worstCaseCredits;
  if (
    worstCase !== undefined &&
    !(typeof worstCase === 'number' && Number.isFinite(worstCase) && worstCase >= 0)
  )
    throw invalid(
      `\`worstCaseCredits\` must be a number of credits, 0 or more, but it is ${String(worstCase)}`,
    );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    assertSafeHeader(name, value);
    headers[name.toLowerCase()] = value;
  }
  if (request.json === undefined) return { method: method as HttpMethod, body: request.body, headers };
  headers['content-type'] ??= 'application/json';
  return { method: method as HttpMethod, body: serialise(request.json), headers };
}

function serialise(json: unknown): string {
  try {
    const text = JSON.stringify(json);
    if (text === undefined) throw new Error('it has no JSON form');
    return text;
  } catch (error) {
    throw invalid(`The request's \`json\` cannot be sent as JSON: ${(error as Error).message}`);
  }
}

function isStatusList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((status) => Number.isInteger(status) && status >= 100 && status <= 599)
  );
}

function invalid(message: string): StepError {
  return new StepError({ code: 'validation', message: `${message}; nothing was sent` });
}
