import { StepError } from '@toolsteps/sdk';
import type { SecretScrubber } from '../ports/services.js';

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
    ...named('header', parts.headers, scrubber),
    ...named('auth parameter', parts.authParams ?? {}, scrubber),
  ];
  const found = [
    ...new Set(
      places
        .filter(
          ([, text]) => typeof text === 'string' && scrubber.secretsIn(text).some((secret) => !owns(secret)),
        )
        .map(([where]) => where),
    ),
  ];
  if (found.length === 0) return;
  throw new StepError({
    code: 'validation',
    message: `${integrationTitle} request refused: its ${found.join(', ')} carries a credential of another connected account, which must not leave for this account's API; nothing was sent`,
    details: { foreignCredentialIn: found },
  });
}

/**
 * Each value, and each name too: a credential sent as a header's name leaves as surely as one sent
 * as its value. A place is told by its name only when the name carries no secret of any account.
 */
function named(
  kind: string,
  entries: Record<string, string>,
  scrubber: Pick<SecretScrubber, 'secretsIn'>,
): Array<[string, string]> {
  return Object.entries(entries).flatMap(([name, value]): Array<[string, string]> => {
    const told = scrubber.secretsIn(name).length === 0;
    const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
    return [
      [`${article} ${kind} name`, name],
      [told ? `${kind} "${name}"` : `${article} ${kind} value`, value],
    ];
  });
}
