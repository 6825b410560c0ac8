import { describe, expect, it } from '@jest/globals';
import { requestsOfAccountB } from './support/requests-of-account-b.js';

/**
 * A request of account B that carries account A's token with every character escaped is refused
 * like one carrying it plain: the refusal recognises a credential as the scrubber does.
 */
const TOKEN_A = 'tok_A_7Hq2Lw9Xc4Vb8Nm1Kp5Rz3Td6Yf0Gs';
const TOKEN_B = 'tok_B_3Jd8Pq1Wm6Xz4Cv9Bn2Lk7Hg5Ft0Ry';

const { refusal } = requestsOfAccountB(TOKEN_B, [TOKEN_A]);

const each = (text: string, spell: (code: number) => string) =>
  [...text].map((character) => spell(character.codePointAt(0) ?? 0)).join('');
const percent = (text: string) => each(text, (code) => `%${code.toString(16).toUpperCase()}`);
const unicode = (text: string) => each(text, (code) => `\\u${code.toString(16).padStart(4, '0')}`);
const entities = (text: string) => each(text, (code) => `&#${code};`);

describe("another account's credential with every character escaped, in account B's request", () => {
  it.each([
    ['percent-encoded in the URL', { url: `/notes?text=${percent(TOKEN_A)}` }, 'URL'],
    ['as JSON \\u escapes in the body', { body: `{"text":"${unicode(TOKEN_A)}"}` }, 'body'],
    ['as HTML entities in a header', { headers: { 'x-note': entities(TOKEN_A) } }, 'header "x-note"'],
    [
      'percent-encoded in an auth parameter',
      { authParams: { key: percent(TOKEN_A) } },
      'auth parameter "key"',
    ],
  ])('is refused %s, and the refusal does not repeat it', (_how, parts, place) => {
    const error = refusal(parts);

    expect(error?.code).toBe('validation');
    expect(error?.details).toEqual({ foreignCredentialIn: [place] });
    expect(error?.message).not.toContain(TOKEN_A);
  });

  it("lets B's own token leave, however it is escaped", () => {
    expect(refusal({ url: `/notes?text=${percent(TOKEN_B)}`, body: unicode(TOKEN_B) })).toBeUndefined();
  });
});
