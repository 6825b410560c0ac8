import { describe, expect, it } from '@jest/globals';
import { REDACTED, SecretScrubber, scrubbedCut } from '../../src/secrets/index.js';

const TOKEN = 'ghp_R7kQ2vX9pL4mN8sT1wY6zB3cD5fG0hJ2aE4uIo';

function scrubber(): SecretScrubber {
  const known = new SecretScrubber();
  known.add(TOKEN);
  return known;
}

describe('scrubbedCut', () => {
  it('scrubs before it cuts, so a secret the cut would split is redacted whole', () => {
    const text = `${'a'.repeat(10)}${TOKEN} tail`;
    expect(scrubbedCut(scrubber(), text, 20)).toBe(`${'a'.repeat(10)}${REDACTED}…`);
  });

  it('redacts what is left of a secret that was already cut short before', () => {
    const text = `${'a'.repeat(10)} ${TOKEN.slice(0, 30)} ${'b'.repeat(40)}`;
    expect(scrubbedCut(scrubber(), text, 30)).toBe(`${'a'.repeat(10)} ${REDACTED}…`);
  });

  it('leaves a text that fits untouched but for its secrets', () => {
    expect(scrubbedCut(scrubber(), `short ${TOKEN}`, 100)).toBe(`short ${REDACTED}`);
  });
});

describe('scrubbedCut, at the cut it makes', () => {
  const SLASHED = `${TOKEN.slice(0, 8)}/${TOKEN.slice(8)}`;
  /** 2,500 characters, as a JWT may be. */
  const JWT = `eyJhbGciOiJSUzI1NiJ9.${'Qk'.repeat(1_200)}.${TOKEN}`;

  function known(): SecretScrubber {
    const scrubber = new SecretScrubber();
    for (const secret of [TOKEN, SLASHED, JWT]) scrubber.add(secret);
    return scrubber;
  }

  it.each([
    ['the raw token', TOKEN.slice(0, 20)],
    ['the token upper-cased', TOKEN.slice(0, 20).toUpperCase()],
    ['its JSON-escaped form', JSON.stringify(SLASHED).slice(1, 14).replace('/', '\\u002f')],
    ['its percent-encoded form', encodeURIComponent(SLASHED).slice(0, 12)],
    ['its percent-encoded form, split inside an escape', encodeURIComponent(SLASHED).slice(0, 10)],
    ['its base64 form', Buffer.from(TOKEN).toString('base64').slice(0, 12)],
    ['its hex form', Buffer.from(TOKEN).toString('hex').slice(0, 30)],
    ['a 2,500-character token', JWT.slice(0, 1_000)],
  ])('redacts a start of %s left at the cut', (_what, start) => {
    const text = `value "${start}<<< and what follows the cut`;
    expect(scrubbedCut(known(), text, 'value "'.length + start.length)).toBe(`value "${REDACTED}…`);
  });

  it('leaves fewer than 4 characters of a secret at the cut alone', () => {
    expect(scrubbedCut(known(), 'prefix ghp and more', 'prefix ghp'.length)).toBe('prefix ghp…');
  });
});
