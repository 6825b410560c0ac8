import { describe, expect, it } from '@jest/globals';
import type { StepError } from '../../../src/contracts/step-error.js';
import { type OutgoingParts, refuseForeignCredentials, SecretScrubber } from '../../../src/secrets/index.js';

/** Account A's token, with characters base64 spells as `+` and `/` once encoded. */
const TOKEN_A = 'tokA+/x9fQ2LmX7wRt4Kz8NvB3c?Yp6Hd';
/** A token that can be a header's name as it is. */
const NAME_TOKEN_A = 'tokA-x9fQ2LmX7wRt4Kz8NvB3cYp6Hd';
const TOKEN_B = 'tokB_5f2a9c7e1b44d0aa';

const scrubber = new SecretScrubber();
for (const token of [TOKEN_A, NAME_TOKEN_A, TOKEN_B]) scrubber.add(token);
const ownedByB = (secret: string) => secret === TOKEN_B;

/** What account B's request is refused for, or undefined when it may leave. */
function refusal(parts: Partial<OutgoingParts>): StepError | undefined {
  try {
    refuseForeignCredentials({ url: '/x', headers: {}, ...parts }, scrubber, ownedByB, 'Notes');
    return undefined;
  } catch (error) {
    return error as StepError;
  }
}

describe("another account's credential in account B's request", () => {
  it.each(['', 'u', 'user:', 'ab'])(
    'is refused in base64 percent-encoded in the query (after %j)',
    (before) => {
      const encoded = encodeURIComponent(Buffer.from(`${before}${TOKEN_A}`).toString('base64'));

      expect(scrubber.secretsIn(`/x?t=${encoded}`)).toEqual([TOKEN_A]);
      expect(refusal({ url: `/x?t=${encoded}` })?.details).toEqual({ foreignCredentialIn: ['URL'] });
    },
  );

  it("is refused as a header's name, and the refusal does not repeat the name", () => {
    const error = refusal({ headers: { [NAME_TOKEN_A]: '1' } });

    expect(error?.code).toBe('validation');
    expect(error?.details).toEqual({ foreignCredentialIn: ['a header name'] });
    expect(error?.message).not.toContain(NAME_TOKEN_A);
  });

  it("is refused as an auth parameter's name", () => {
    const error = refusal({ authParams: { [NAME_TOKEN_A.toLowerCase()]: 'x' } });

    expect(error?.details).toEqual({ foreignCredentialIn: ['an auth parameter name'] });
  });

  it("lets B's own token and ordinary header names leave", () => {
    expect(refusal({ headers: { authorization: `Bearer ${TOKEN_B}`, [TOKEN_B]: '1' } })).toBeUndefined();
  });
});
