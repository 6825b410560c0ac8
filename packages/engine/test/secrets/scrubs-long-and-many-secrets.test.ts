import { describe, expect, it } from '@jest/globals';
import { REDACTED, SecretScrubber, scrubbedCut } from '../../src/secrets/index.js';

/** A token of `length` base64url characters, different for each `seed`. */
function token(length: number, seed: number): string {
  let text = '';
  for (let index = 0; text.length < length; index++)
    text += Buffer.from(`${seed}:${index}:${'x'.repeat(seed % 7)}`).toString('base64url');
  return text.slice(0, length);
}

// How fast these are is bench B7's (`pnpm bench B7`): tests on a shared machine check what comes out.

describe('a long token, as a JWT is (1 to 60 KB)', () => {
  it.each([1_000, 2_500, 60_000])('of %i characters leaves alone a text with "…"', (length) => {
    const scrubber = new SecretScrubber();
    scrubber.add(token(length, 1));

    const result = scrubber.scrub('Loading…');

    expect(result).toBe('Loading…');
  });

  it.each([
    ['as is', (secret: string) => secret],
    ['upper-cased', (secret: string) => secret.toUpperCase()],
    ['as hex', (secret: string) => Buffer.from(secret).toString('hex')],
    ['in base64 wrapped at 76', (secret: string) => wrap(Buffer.from(`user:${secret}`).toString('base64'))],
    [
      'in percent-encoded base64',
      (secret: string) => encodeURIComponent(Buffer.from(`ab${secret}`).toString('base64')),
    ],
  ])('of 2,500 characters is redacted %s', (_how, spell) => {
    const secret = token(2_500, 2);
    const scrubber = new SecretScrubber();
    scrubber.add(secret);

    const scrubbed = scrubber.scrub(`before ${spell(secret)} after`);

    expect(scrubbed).toContain(REDACTED);
    expect(scrubbed.length).toBeLessThan(100);
  });
});

describe('many secrets, as every OAuth refresh adds one', () => {
  const secrets = Array.from({ length: 500 }, (_, seed) => `ghp_${token(36, seed)}`);
  const scrubber = new SecretScrubber();
  for (const secret of secrets) scrubber.add(secret);

  it('still scrubs a text with "…" and leaves it alone', () => {
    const result = scrubber.scrub('Printer on fire… ticket 7');

    expect(result).toBe('Printer on fire… ticket 7');
  });

  it('still redacts the first token as well as the latest, in a large text', () => {
    const filler = 'lorem ipsum '.repeat(100_000);
    const text = `${secrets[0]} ${filler} ${secrets[499]}`;

    const result = scrubber.scrub(text);

    expect(result).toBe(`${REDACTED} ${filler} ${REDACTED}`);
  });

  it('cuts a text, redacting the start of one of them left at the cut', () => {
    const result = scrubbedCut(scrubber, `said: ${secrets[250]?.slice(0, 20)} and more`, 26);

    expect(result).toBe(`said: ${REDACTED}…`);
  });
});

it('scrubs a megabyte of "…" and leaves it alone', () => {
  const scrubber = new SecretScrubber();
  scrubber.add(token(40, 3));
  const text = '…'.repeat(1024 * 1024);

  const result = scrubber.scrub(text);

  expect(result).toBe(text);
});

function wrap(base64: string): string {
  return (base64.match(/.{1,76}/g) ?? []).join('\r\n');
}
