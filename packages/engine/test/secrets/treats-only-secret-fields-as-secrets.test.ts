import { describe, expect, it } from '@jest/globals';
import { REDACTED, SecretScrubber } from '../../src/secrets/index.js';

describe('only secret credential fields are secrets', () => {
  it("keeps an OAuth app's client id, expiry and token type readable, and redacts its tokens and secret", () => {
    const scrubber = new SecretScrubber();
    scrubber.addCredentials(
      {
        clientId: 'toolsteps',
        clientSecret: 'cs_4f9a8b7c6d5e',
        accessToken: 'at_1a2b3c4d5e6f',
        refreshToken: 'rt_6f5e4d3c2b1a',
        expiresAt: '2026-12-01T00:00:00.000Z',
        tokenType: 'bearer-token',
      },
      { kind: 'oauth2', tokenUrl: () => 'https://auth.example.test/token' },
    );
    const text =
      'toolsteps cs_4f9a8b7c6d5e at_1a2b3c4d5e6f rt_6f5e4d3c2b1a 2026-12-01T00:00:00.000Z bearer-token';
    expect(scrubber.scrub(text)).toBe(
      `toolsteps ${REDACTED} ${REDACTED} ${REDACTED} 2026-12-01T00:00:00.000Z bearer-token`,
    );
  });

  it('redacts fields the auth declares secret though their name does not say so', () => {
    const scrubber = new SecretScrubber();
    scrubber.addCredentials(
      { apiKey: 'key-0123456789', pat: 'pat-9876543210', username: 'ada@example.test' },
      { kind: 'apiKey', secretFields: ['pat'] },
    );
    expect(scrubber.scrub('key-0123456789 pat-9876543210 ada@example.test')).toBe(
      `${REDACTED} ${REDACTED} ada@example.test`,
    );
  });

  it('recognises undeclared secrets by name at any depth, and never ids, names or short values', () => {
    const scrubber = new SecretScrubber();
    scrubber.addCredentials({
      password: 'hunter2-correct',
      serviceAccount: {
        private_key: 'pk-abcdefghij',
        client_email: 'robot@example.test',
        key_id: 'kid-12345678',
      },
      webhookSecret: 'short',
      subdomain: 'acme-support',
      username: 'acme-admin',
    });
    const text =
      'hunter2-correct pk-abcdefghij robot@example.test kid-12345678 short acme-support acme-admin';
    expect(scrubber.scrub(text)).toBe(
      `${REDACTED} ${REDACTED} robot@example.test kid-12345678 short acme-support acme-admin`,
    );
  });

  it('recognises a secret name qualified by a public word, and pass, pwd and pin as words', () => {
    const secrets = {
      loginPassword: 'Login-Pa55word-xyz',
      emailPassword: 'Email-Pa55word-xyz',
      smtpHostPassword: 'Smtp-Pa55word-xyz',
      domainApiKey: 'dk_live_0a1b2c3d4e5f',
      pass: 'Plain-Pass-123456',
      smtp_pwd: 'Plain-Pwd-1234567',
      cardPin: '1234-5678-9012',
    };
    const readable = {
      tokenUrl: 'https://auth.example.test/token',
      secretName: 'prod-webhook-secret',
      passwordLoginEmail: 'ada@example.test',
      publicKey: 'pk_live_visible_to_all',
      spinnerStyle: 'dots-and-dashes',
      tokenExpiresAt: '2026-12-01T00:00:00Z',
    };
    const scrubber = new SecretScrubber();
    scrubber.addCredentials({ ...secrets, ...readable });
    for (const value of Object.values(secrets)) expect(scrubber.scrub(value)).toBe(REDACTED);
    for (const value of Object.values(readable)) expect(scrubber.scrub(value)).toBe(value);
  });

  it('redacts a token field of each auth kind', () => {
    const scrubber = new SecretScrubber();
    scrubber.addCredentials({ token: 'gh-token-0001' }, { kind: 'token' });
    scrubber.addCredentials({ apiKey: 'api-key-00002' }, { kind: 'apiKey' });
    expect(scrubber.scrub('gh-token-0001 api-key-00002')).toBe(`${REDACTED} ${REDACTED}`);
  });
});
