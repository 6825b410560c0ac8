import { describe, expect, it } from '@jest/globals';
import { requestsOfAccountB } from './support/requests-of-account-b.js';

/** Account A's token, with characters base64 spells as `+` and `/` once encoded. */
const TOKEN_A = 'tokA+/x9fQ2LmX7wRt4Kz8NvB3c?Yp6Hd';
/** A token that can be a header's name as it is. */
const NAME_TOKEN_A = 'tokA-x9fQ2LmX7wRt4Kz8NvB3cYp6Hd';
const TOKEN_B = 'tokB_5f2a9c7e1b44d0aa';

const { scrubber, refusal } = requestsOfAccountB(TOKEN_B, [TOKEN_A, NAME_TOKEN_A]);

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
