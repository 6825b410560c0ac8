import type { SecretScrubber } from '../contracts/services.js';
import { StepError } from '../contracts/step-error.js';

/** The parts of a request its caller shapes, as they will be sent. */
export interface OutgoingParts {
  /** Path and query. */
  url: string;
  body?: string;
  headers: Record<string, string>;
  authParams?: Record<string, string>;
}

/**
 * Refuses a request that carries, in any spelling, a known secret its own account does not own: an
 * upstream that echoed account A's token must not let a workflow hand it to account B's host, where
 * a trace would then only show `[REDACTED]`. An account's own credentials may go to its own API.
 */
export function refuseForeignCredentials(
  parts: OutgoingParts,
  scrubber: Pick<SecretScrubber, 'secretsIn'>,
  owns: (secret: string) => boolean,
  integrationTitle: string,
): void {
  const places: Array<[string, string | undefined]> = [
    ['URL', parts.url],
    ['body', parts.body],
    ...Object.entries(parts.headers).map(([name, value]): [string, string] => [`header "${name}"`, value]),
    ...Object.entries(parts.authParams ?? {}).map(([name, value]): [string, string] => [
      `auth parameter "${name}"`,
      value,
    ]),
  ];
  const found = places
    .filter(
      ([, text]) => typeof text === 'string' && scrubber.secretsIn(text).some((secret) => !owns(secret)),
    )
    .map(([where]) => where);
  if (found.length === 0) return;
  throw new StepError({
    code: 'validation',
    message: `${integrationTitle} request refused: its ${found.join(', ')} carries a credential of another connected account, which must not leave for this account's API; nothing was sent`,
    details: { foreignCredentialIn: found },
  });
}
