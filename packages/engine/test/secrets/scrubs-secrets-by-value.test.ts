import { describe, expect, it } from '@jest/globals';
import { StepError } from '@toolsteps/sdk';
import { REDACTED, SecretScrubber } from '../../src/secrets/index.js';

const TOKEN = 'ghp_S3cr3tT0ken+/=value';

function scrubberWith(...secrets: string[]): SecretScrubber {
  const scrubber = new SecretScrubber();
  for (const secret of secrets) scrubber.add(secret);
  return scrubber;
}

describe('SecretScrubber.scrub', () => {
  it('leaves text alone while no secret is known', () => {
    expect(new SecretScrubber().scrub('token ghp_S3cr3tT0ken')).toBe('token ghp_S3cr3tT0ken');
  });

  it('replaces every occurrence of a secret', () => {
    const scrubber = scrubberWith(TOKEN);
    expect(scrubber.scrub(`a ${TOKEN} b ${TOKEN}`)).toBe(`a ${REDACTED} b ${REDACTED}`);
  });

  it('ignores strings shorter than 8 characters so that they do not blank ordinary text', () => {
    const scrubber = scrubberWith('abc', 'a', 'seven77');
    expect(scrubber.scrub('abc a cab seven77')).toBe('abc a cab seven77');
  });

  it('treats regular-expression characters in secrets literally', () => {
    const scrubber = scrubberWith('p.ss(w)*rd');
    expect(scrubber.scrub('x p.ss(w)*rd y pXss(w)rd')).toBe(`x ${REDACTED} y pXss(w)rd`);
  });

  it('removes overlapping and nested secrets completely', () => {
    const scrubber = scrubberWith('abcdefgh', 'fghijklm', 'cdefghijk1234');
    expect(scrubber.scrub('xxabcdefghijklmyy')).toBe(`xx${REDACTED}yy`);
    expect(scrubber.scrub('abcdefghijk1234')).toBe(REDACTED);
  });

  it('prefers the longest secret where one contains another', () => {
    const scrubber = scrubberWith('token-value', 'token-value-extended');
    expect(scrubber.scrub('[token-value-extended]')).toBe(`[${REDACTED}]`);
  });

  it('removes the percent-encoded forms a secret takes in URLs and form bodies', () => {
    const secret = 'p@ss w/rd&more';
    const scrubber = scrubberWith(secret);
    const query = new URLSearchParams({ key: secret }).toString();
    expect(query).toContain('+');
    expect(scrubber.scrub(`/search?${query}`)).toBe(`/search?key=${REDACTED}`);
    expect(scrubber.scrub(`/x?key=${encodeURIComponent(secret)}`)).toBe(`/x?key=${REDACTED}`);
    expect(scrubber.scrub('/x?key=p%40ss%20w%2frd%26more')).toBe(`/x?key=${REDACTED}`);
  });

  it('removes a secret escaped inside JSON text', () => {
    const secret = 'quote"and\\slash';
    const scrubber = scrubberWith(secret);
    const json = JSON.stringify({ password: secret });
    expect(scrubber.scrub(json)).toBe(`{"password":"${REDACTED}"}`);
  });

  it('removes a secret from base64 text wherever it sits, as in a Basic auth header', () => {
    const password = 'hunter2-correct-horse';
    const scrubber = scrubberWith(password);
    for (const user of ['a', 'ab', 'abc', 'support@example.com']) {
      const header = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      const scrubbed = scrubber.scrub(header);
      expect(scrubbed).toContain(REDACTED);
      const leftover = Buffer.from(scrubbed.replace('Basic ', '').replace(REDACTED, ''), 'base64').toString(
        'latin1',
      );
      expect(leftover).not.toContain('correct');
    }
    expect(scrubber.scrub(Buffer.from(password).toString('base64url'))).toContain(REDACTED);
  });

  it('learns secrets added later, such as a refreshed token', () => {
    const scrubber = scrubberWith(TOKEN);
    expect(scrubber.scrub('new-access-token-1')).toBe('new-access-token-1');
    scrubber.add('new-access-token-1');
    expect(scrubber.scrub(`${TOKEN} new-access-token-1`)).toBe(`${REDACTED} ${REDACTED}`);
  });
});

describe('SecretScrubber.addCredentials', () => {
  it('registers the secret fields of a nested credentials object, but not numbers or other fields', () => {
    const scrubber = new SecretScrubber();
    scrubber.addCredentials({
      accessToken: 'access-AAAA',
      nested: { refreshTokens: ['refresh-BBBB', { deep: 'client-CCCC' }], owner: 'owner-DDDD' },
      port: 4431,
      region: 'eu-west-1',
    });
    const text = 'access-AAAA refresh-BBBB client-CCCC owner-DDDD 4431 eu-west-1';
    expect(scrubber.scrub(text)).toBe(`${REDACTED} ${REDACTED} ${REDACTED} owner-DDDD 4431 eu-west-1`);
  });

  it('copes with a credentials object that refers to itself', () => {
    const credentials: Record<string, unknown> = { token: 'loop-secret' };
    credentials.self = credentials;
    const scrubber = new SecretScrubber();
    scrubber.addCredentials(credentials);
    expect(scrubber.scrub('loop-secret')).toBe(REDACTED);
  });
});

describe('SecretScrubber.scrubValue', () => {
  const scrubber = scrubberWith(TOKEN, 'sk_live_42');

  it('returns a scrubbed deep copy and leaves the original untouched', () => {
    const original = {
      headers: { authorization: `Bearer ${TOKEN}` },
      items: [{ note: 'uses sk_live_42' }, 7, true, null],
      [`key-${TOKEN}`]: 'keys are scrubbed too',
      at: new Date(0),
    };
    const copy = scrubber.scrubValue(original);
    expect(copy).toEqual({
      headers: { authorization: `Bearer ${REDACTED}` },
      items: [{ note: `uses ${REDACTED}` }, 7, true, null],
      [`key-${REDACTED}`]: 'keys are scrubbed too',
      at: new Date(0),
    });
    expect(original.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(copy.at).not.toBe(original.at);
  });

  it('turns a StepError into its scrubbed JSON, details included', () => {
    const error = new StepError({
      code: 'unauthorized',
      message: `token ${TOKEN} was refused`,
      status: 401,
      details: { url: `/x?key=${encodeURIComponent('sk_live_42')}` },
    });
    expect(scrubber.scrubValue({ error })).toEqual({
      error: {
        code: 'unauthorized',
        message: `token ${REDACTED} was refused`,
        retryable: false,
        status: 401,
        details: { url: `/x?key=${REDACTED}` },
      },
    });
  });

  it('turns an Error into name, message, code and scrubbed cause', () => {
    const cause = Object.assign(new Error(`connect to ${TOKEN}`), { code: 'ECONNRESET' });
    const error = new TypeError('request failed with sk_live_42', { cause });
    expect(scrubber.scrubValue([error])).toEqual([
      {
        name: 'TypeError',
        message: `request failed with ${REDACTED}`,
        cause: { name: 'Error', message: `connect to ${REDACTED}`, code: 'ECONNRESET' },
      },
    ]);
  });

  it('marks cycles instead of recursing forever', () => {
    const value: Record<string, unknown> = { token: TOKEN };
    value.self = value;
    expect(scrubber.scrubValue(value)).toEqual({ token: REDACTED, self: '[Circular]' });
  });

  it('uses toJSON of objects that have one, like URL', () => {
    const url = new URL(`https://api.example.test/x?token=${TOKEN}`);
    expect(scrubber.scrubValue({ url })).toEqual({ url: `https://api.example.test/x?token=${REDACTED}` });
  });
});
