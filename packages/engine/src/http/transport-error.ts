import { StepError } from '@toolsteps/sdk';
import type { ExchangeLabel } from './response-error.js';

/** What went wrong below HTTP, as `details.network` names it. */
export type NetworkFailure = 'refused' | 'dropped' | 'dns' | 'connect_timeout' | 'network';

const BY_CODE: Record<string, NetworkFailure> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'dropped',
  EPIPE: 'dropped',
  UND_ERR_SOCKET: 'dropped',
  UND_ERR_CLOSED: 'dropped',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  ETIMEDOUT: 'connect_timeout',
  UND_ERR_CONNECT_TIMEOUT: 'connect_timeout',
};

const SAID: Record<NetworkFailure, string> = {
  refused: 'the connection was refused',
  dropped: 'the connection was dropped before the answer was complete',
  dns: 'the host name could not be resolved',
  connect_timeout: 'the connection could not be opened in time',
  network: 'a network error occurred',
};

/**
 * A request that got no (complete) answer. Errors from fetch come from Node's own realm, so they are
 * recognised by shape (`code` along the `cause` chain), never by `instanceof`.
 */
export function transportError(error: unknown, label: ExchangeLabel, host: string): StepError {
  const failure = classify(error);
  return new StepError({
    code: 'unavailable',
    message: `Could not get an answer from ${label.integrationTitle} (${host}) to ${label.method} ${label.relative}: ${SAID[failure]}`,
    details: { network: failure, host, method: label.method, path: label.relative },
    cause: error,
  });
}

function classify(error: unknown): NetworkFailure {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && code in BY_CODE) return BY_CODE[code];
    if (message === 'terminated' || message === 'other side closed') return 'dropped';
    current = cause;
  }
  return 'network';
}
