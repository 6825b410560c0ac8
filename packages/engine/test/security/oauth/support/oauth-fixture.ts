import { type ConnectedAccount, type HttpBinding, StepError } from '@toolsteps/sdk';
import { OAuth2AccountAuth } from '../../../../src/auth/oauth2-auth.js';
import { account, httpFixture } from '../../../http/support/http-fixture.js';

/** The account's secrets: none of them may ever show in an error, a log line or an exchange. */
export const SECRETS = {
  accessToken: 'access_original_3b2a91',
  refreshToken: 'refresh_original_7c1d44',
  clientSecret: 'client_secret_9f8e7d',
} as const;

export interface OAuthFixtureOptions {
  tokenUrl: string;
  /** The API the refreshed token is used against; a closed port when a test never gets that far. */
  baseUrl?: string;
  /** Overrides the account's credentials; `accessToken: undefined` makes the first request refresh. */
  credentials?: Record<string, unknown>;
  binding?: Partial<HttpBinding>;
}

/**
 * The HTTP client of one OAuth 2 account (fake clock, memory vault, recording logger) whose token
 * endpoint is `tokenUrl`, with every vault write kept in `saved`.
 */
export function oauthFixture(options: OAuthFixtureOptions) {
  const saved: ConnectedAccount[] = [];
  const accounts = [
    account({
      accessToken: SECRETS.accessToken,
      refreshToken: SECRETS.refreshToken,
      clientId: 'client-demo',
      clientSecret: SECRETS.clientSecret,
      ...options.credentials,
    }),
  ];
  const fixture = httpFixture({
    baseUrl: options.baseUrl ?? 'http://127.0.0.1:9/api',
    auth: { kind: 'oauth2', tokenUrl: () => options.tokenUrl },
    binding: options.binding,
    accounts,
    vault: (memory) => ({
      get: (ref) => memory.get(ref),
      list: (integration) => memory.list(integration),
      update: async (changed) => {
        saved.push(changed);
        await memory.update(changed);
      },
    }),
  });

  /** Everything a user or a log could see: the error, log lines and recorded exchanges. */
  const visibleOutput = (error?: unknown): string =>
    JSON.stringify([
      error instanceof StepError ? [error.toJSON(), error.stack] : String(error),
      fixture.logger.lines,
      fixture.exchanges,
    ]);

  return { ...fixture, accounts, saved, visibleOutput };
}

/**
 * The account's auth on its own, as the HTTP client would build it, for what the client around it
 * would blur (its own per-request timeout).
 */
export function oauthAuth(options: OAuthFixtureOptions & { timeoutMs: number }) {
  const fixture = oauthFixture(options);
  const { integration, vault, scrubber, clock, logger } = fixture;
  const [acct] = fixture.accounts;
  if (integration.auth.kind !== 'oauth2') throw new Error('oauthFixture builds an OAuth 2 integration');
  scrubber.addCredentials(acct.credentials);
  const auth = new OAuth2AccountAuth(integration.auth, acct, integration.title, {
    vault,
    scrubber,
    clock,
    logger,
    timeoutMs: options.timeoutMs,
  });
  return { ...fixture, auth };
}

/** The StepError a promise fails with (fails the test when it succeeds). */
export async function rejection(promise: Promise<unknown>): Promise<StepError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof StepError) return error;
    throw error;
  }
  throw new Error('Expected a StepError, the call succeeded');
}
