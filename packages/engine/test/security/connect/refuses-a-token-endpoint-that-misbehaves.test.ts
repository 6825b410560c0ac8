import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { json } from '../oauth/support/token-server.js';
import { CLIENT, type FixtureProvider, fixtureProvider, started } from './support.js';

describe('a code exchange refuses what a token endpoint must not answer, and stores nothing', () => {
  let provider: FixtureProvider;
  beforeEach(async () => {
    provider = await fixtureProvider();
  });
  afterEach(() => provider.server.close());

  /** The error finishing an authorization fails with (a test fails if it connects). */
  const finish = async (): Promise<Error & { code: string }> => {
    const state = await started(provider);
    return provider.engine.connect.finish({ user: 'ana', state, code: 'the-code-5a1f' }).then(
      (account) => {
        throw new Error(`connected ${account.id}`);
      },
      (error: Error & { code: string }) => error,
    );
  };
  const nothingStored = async (error: Error) => {
    expect(await provider.vault.list(undefined, { user: 'ana' })).toEqual([]);
    for (const secret of ['the-code-5a1f', CLIENT.clientSecret, 'leaked-access-token'])
      expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(secret);
  };

  it('never follows a redirect, to another host or its own', async () => {
    provider.token = (_call, response) =>
      response.writeHead(302, { location: 'https://elsewhere.example/steal' }).end();
    const error = await finish();
    expect(error).toMatchObject({ code: 'provider_error' });
    expect(error.message).toContain('a redirect to https://elsewhere.example');
    expect(error.message).toContain('never followed');
    await nothingStored(error);
  });

  it('never follows a redirect to another path of its own host either', async () => {
    provider.token = (_call, response) => response.writeHead(307, { location: '/token-elsewhere' }).end();
    const error = await finish();
    expect(error).toMatchObject({ code: 'provider_error' });
    expect(error.message).toContain(`a redirect to ${provider.server.origin}`);
    expect(provider.server.calls.map((call) => call.path)).toEqual(['/token']);
    await nothingStored(error);
  });

  it('refuses a verification address that would write control characters to a terminal', async () => {
    provider.token = (_call, response) =>
      json(response, 200, {
        device_code: 'leaked-device-code',
        user_code: 'ABCD-EFGH',
        verification_uri: 'https://example.test/device\u001b]8;;https://evil.example\u0007',
        expires_in: 900,
        interval: 5,
      });
    const error = await provider.engine.connect.device({ integration: 'fixture', user: 'ana' }).then(
      () => new Error('started'),
      (refused: Error) => refused,
    );
    expect(error).toMatchObject({ code: 'provider_error' });
    expect(error.message).toContain('without an http(s) verification address');
    await nothingStored(error);
  });

  it('refuses an HTML page answered as if it were a grant', async () => {
    provider.token = (_call, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>access_token=leaked-access-token</body></html>');
    const error = await finish();
    expect(error).toMatchObject({ code: 'provider_error' });
    expect(error.message).toContain('without an access token');
    await nothingStored(error);
  });

  it('does not read an answer far larger than a grant', async () => {
    provider.token = (_call, response) =>
      json(response, 200, { access_token: 'leaked-access-token', pad: 'x'.repeat(200_000) });
    const error = await finish();
    expect(error).toMatchObject({ code: 'provider_error' });
    expect(error.message).toContain('larger than 65536 bytes');
    await nothingStored(error);
  });

  it("reads a refusal sent with status 200 (GitHub's way) as a refusal, naming the provider's reason", async () => {
    provider.token = (_call, response) =>
      json(response, 200, {
        error: 'bad_verification_code',
        error_description: 'The code passed is incorrect or expired.',
      });
    const error = await finish();
    expect(error).toMatchObject({ code: 'grant_refused', details: { error: 'bad_verification_code' } });
    expect(error.message).toContain('The code passed is incorrect or expired.');
    await nothingStored(error);
  });

  it('refuses a grant without a scope the steps need, and a token that is not a bearer token', async () => {
    provider.token = (_call, response) =>
      json(response, 200, { access_token: 'leaked-access-token', token_type: 'bearer', scope: '' });
    const narrow = await finish();
    expect(narrow).toMatchObject({ code: 'grant_refused', details: { missing: ['read'] } });
    await nothingStored(narrow);

    provider.token = (_call, response) =>
      json(response, 200, { access_token: 'leaked-access-token', token_type: 'mac', scope: 'read' });
    const mac = await finish();
    expect(mac).toMatchObject({ code: 'grant_refused' });
    await nothingStored(mac);
  });

  it('refuses tokens the provider grants but its API does not accept, before storing them', async () => {
    provider.token = (_call, response) =>
      json(response, 200, { access_token: 'leaked-access-token', scope: 'read' });
    const error = await finish();
    expect(error).toMatchObject({ code: 'grant_refused' });
    expect(error.message).toContain('refused the new credentials');
    await nothingStored(error);
  });
});
