import { describe, expect, it } from '@jest/globals';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import {
  type AuthorizationAnswer,
  authorizationParams,
  authorize,
  CALLBACK,
  pkcePair,
} from './oauth-http.js';

/**
 * Refusals of the authorization page. While the client or its redirect URL is in doubt Zendesk sends
 * the user nowhere and shows an "Invalid Authorization Request" page; after that, it redirects with
 * `error`, `error_description` and the `state` (rack-oauth2's words). No refusal carries a code.
 */
describe('the authorization page refuses', () => {
  const zd = useZendeskEmulator();
  const { challenge } = pkcePair();
  const ask = (changes: Record<string, string | undefined>) =>
    authorize(zd.emulator, authorizationParams(challenge, changes));
  const redirectedError = (answer: AuthorizationAnswer) => {
    expect(answer.status).toBe(302);
    expect(`${answer.location?.origin}${answer.location?.pathname}`).toBe(CALLBACK);
    expect(answer.location?.searchParams.has('code')).toBe(false);
    expect(answer.location?.searchParams.get('state')).toBe('st-4f1c');
    return {
      error: answer.location?.searchParams.get('error'),
      description: answer.location?.searchParams.get('error_description'),
    };
  };
  const shownPage = (answer: AuthorizationAnswer) => {
    expect(answer.status).toBe(400);
    expect(answer.location).toBeUndefined();
    expect(answer.contentType).toContain('text/html');
    return answer.text;
  };

  it('an unknown or missing client with a page, redirecting nowhere', async () => {
    const unknown = shownPage(await ask({ client_id: 'zdg-someone-else' }));
    expect(unknown).toContain('Invalid Authorization Request');
    expect(unknown).toContain('No such client');
    expect(shownPage(await ask({ client_id: undefined }))).toContain('No such client');
  });

  it('a redirect URL not registered for the client with a page, redirecting nowhere', async () => {
    for (const redirect of [
      'https://attacker.example/callback',
      'http://127.0.0.1.attacker.example/callback',
      'http://[::2]:8080/callback',
      `${CALLBACK}#fragment`,
      'not a url',
      undefined,
    ]) {
      const text = shownPage(await ask({ redirect_uri: redirect }));
      expect(text).toContain('Invalid Authorization Request');
      expect(text).toContain('is not one of the redirect URLs registered for client');
    }
  });

  it('a parameter given twice with a page', async () => {
    const answer = await fetch(
      `${zd.emulator.baseUrl}/oauth/authorizations/new?client_id=toolsteps&client_id=other&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code&scope=read`,
      { redirect: 'manual' },
    );
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('repeats the parameter client_id');
  });

  it('a response type other than code, or none', async () => {
    expect(redirectedError(await ask({ response_type: 'token' }))).toEqual({
      error: 'unsupported_response_type',
      description: 'The requested response type is not supported by the authorization server.',
    });
    expect(redirectedError(await ask({ response_type: undefined }))).toEqual({
      error: 'invalid_request',
      description: "'response_type' required.",
    });
  });

  it('a challenge method other than S256, a challenge without its method, and a method without a challenge', async () => {
    expect(redirectedError(await ask({ code_challenge_method: 'plain' }))).toEqual({
      error: 'invalid_request',
      description: 'transform algorithm not supported',
    });
    expect(redirectedError(await ask({ code_challenge_method: undefined })).error).toBe('invalid_request');
    expect(redirectedError(await ask({ code_challenge: undefined }))).toEqual({
      error: 'invalid_request',
      description: 'code challenge required.',
    });
    expect(redirectedError(await ask({ code_challenge: 'too-short' })).description).toContain(
      'BASE64URL(SHA256(code_verifier))',
    );
  });

  it('a request that asks for no scope', async () => {
    expect(redirectedError(await ask({ scope: undefined }))).toEqual({
      error: 'invalid_scope',
      description: 'The requested scope is invalid, unknown, or malformed.',
    });
  });

  it('with access_denied when the user clicks Deny (`decision=deny`)', async () => {
    expect(redirectedError(await ask({ decision: 'deny' }))).toEqual({
      error: 'access_denied',
      description: 'The end-user or authorization server denied the request.',
    });
    expect(shownPage(await ask({ decision: 'maybe' }))).toContain('allow (the default) or deny, not maybe');
  });

  it('a `login` that names no seeded user, listing the ones it may name', async () => {
    const text = shownPage(await ask({ login: 'nobody@lumencoffee.example' }));
    expect(text).toContain('Invalid email or password');
    expect(text).toContain('marco@lumencoffee.example');
  });
});
