import { describe, expect, it } from '@jest/globals';
import { REDACTED, SecretScrubber } from '../../src/secrets/index.js';

const SECRET = `s3cr3t&"<pass>'+/ word`;
const TOKEN = 'ghp_9fQ2LmX7wRt4Kz8NvB3cYp6Hd1Js5Ga0EuWxyz';

function scrubberWith(...secrets: string[]): SecretScrubber {
  const scrubber = new SecretScrubber();
  for (const secret of secrets) scrubber.add(secret);
  return scrubber;
}

/** Base64 wrapped as MIME (76) or PEM (64) does it. */
function wrapped(text: string, width: number, lineBreak: string): string {
  return (text.match(new RegExp(`.{1,${width}}`, 'g')) ?? []).join(lineBreak);
}

describe('a secret echoed in another spelling is redacted too', () => {
  const scrubber = scrubberWith(SECRET, TOKEN);

  it.each([
    ['HTML-escaped with named entities', 's3cr3t&amp;&quot;&lt;pass&gt;&apos;+/ word'],
    ['HTML-escaped with numeric entities', 's3cr3t&#38;&#34;&#60;pass&#62;&#39;&#43;&#x2F; word'],
    ['HTML-escaped with hex entities', 's3cr3t&amp;&#x22;&lt;pass&gt;&#x27;+/ word'],
    ['URL-encoded once', encodeURIComponent(SECRET)],
    ['URL-encoded twice', encodeURIComponent(encodeURIComponent(SECRET))],
    ['URL-encoded three times', encodeURIComponent(encodeURIComponent(encodeURIComponent(SECRET)))],
    ['URL-encoded by encodeURI, which leaves some characters', encodeURI(SECRET)],
    ['escaped inside JSON with \\u escapes', JSON.stringify(SECRET).slice(1, -1).replace(/</g, '\\u003c')],
    ['upper-cased', SECRET.toUpperCase()],
    ['lower-cased', SECRET.toLowerCase()],
    ['as lowercase hex', Buffer.from(SECRET).toString('hex')],
    ['as uppercase hex', Buffer.from(SECRET).toString('hex').toUpperCase()],
  ])('%s', (_how, echo) => {
    expect(scrubber.scrub(`before ${echo} after`)).toBe(`before ${REDACTED} after`);
  });

  it.each([
    ['MIME, CRLF', 76, '\r\n'],
    ['MIME, LF', 76, '\n'],
    ['PEM, LF', 64, '\n'],
    ['PEM in JSON text', 64, '\\n'],
  ])('in wrapped base64 (%s), wherever the secret sits in the encoded text', (_how, width, lineBreak) => {
    for (const before of ['', 'a', 'ab', 'user:', `${'x'.repeat(70)}:`]) {
      const encoded = wrapped(
        Buffer.from(`${before}${TOKEN} trailing text`).toString('base64'),
        width,
        lineBreak,
      );
      const scrubbed = scrubber.scrub(encoded);
      expect(scrubbed).toContain(REDACTED);
      const left = Buffer.from(scrubbed.split(lineBreak).join('').replace(REDACTED, ''), 'base64').toString(
        'latin1',
      );
      expect(left).not.toContain(TOKEN.slice(4, 12));
    }
  });

  it('in wrapped base64 beside a plain echo of another secret', () => {
    const encoded = wrapped(Buffer.from(`${'x'.repeat(40)}${TOKEN}`).toString('base64'), 64, '\n');
    const scrubbed = scrubber.scrub(`${SECRET}\n${encoded}`);
    expect(scrubbed.startsWith(`${REDACTED}\n`)).toBe(true);
    expect(scrubbed.split(REDACTED)).toHaveLength(3);
  });

  it('in base64 percent-encoded for a URL (%2B, %2F), wherever the secret sits', () => {
    const plusAndSlash = 'tokA+/x9fQ2LmX7wRt4Kz8NvB3c?Yp6Hd';
    const known = scrubberWith(plusAndSlash);
    for (const before of ['', 'u', 'user:', 'ab']) {
      const encoded = encodeURIComponent(Buffer.from(`${before}${plusAndSlash}`).toString('base64'));
      const scrubbed = known.scrub(`/x?t=${encoded}`);
      expect(scrubbed).toContain(REDACTED);
      const left = Buffer.from(decodeURIComponent(scrubbed.slice(5).replace(REDACTED, '')), 'base64');
      expect(left.toString('latin1')).not.toContain(plusAndSlash.slice(6, 14));
    }
  });

  it('in base64url of a JSON payload, as in a JWT', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'me', token: TOKEN })).toString('base64url');
    expect(scrubber.scrub(`eyJhbGciOiJIUzI1NiJ9.${payload}.sig`)).toContain(REDACTED);
  });

  it('leaves text that only resembles a secret alone', () => {
    const text = `s3cr3t&amp; other ${TOKEN.slice(0, 20)} ${Buffer.from('unrelated').toString('hex')}`;
    expect(scrubber.scrub(text)).toBe(text);
  });
});
