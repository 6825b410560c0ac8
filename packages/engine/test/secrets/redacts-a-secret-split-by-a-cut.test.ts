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

describe('SecretScrubber.scrub at a cut mark', () => {
  it.each([
    ['the raw token', TOKEN.slice(0, 20)],
    [
      'its percent-encoded form, split inside an escape',
      encodeURIComponent(`${TOKEN.slice(0, 3)}/${TOKEN.slice(3)}`).slice(0, 6),
    ],
    ['its base64 form', Buffer.from(TOKEN).toString('base64').slice(0, 12)],
    ['its hex form', Buffer.from(TOKEN).toString('hex').slice(0, 30)],
  ])('redacts a prefix of %s left before "…", as other cuts of the engine leave it', (_what, prefix) => {
    const known = new SecretScrubber();
    known.add(TOKEN);
    known.add(`${TOKEN.slice(0, 3)}/${TOKEN.slice(3)}`);
    expect(known.scrub(`value "${prefix}…" refused`)).toBe(`value "${REDACTED}…" refused`);
  });

  it('leaves fewer than 4 characters, and text without a cut mark, alone', () => {
    expect(scrubber().scrub('prefix ghp… end')).toBe('prefix ghp… end');
    expect(scrubber().scrub(`prefix ${TOKEN.slice(0, 20)} end`)).toBe(`prefix ${TOKEN.slice(0, 20)} end`);
  });
});
