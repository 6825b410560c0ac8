import { isDeepStrictEqual } from 'node:util';
import {
  type AccountSummary,
  type ApiKeyConnect,
  type ConnectedAccount,
  isStepError,
  type OAuthClient,
  type OAuthConnect,
  summarize,
} from '@toolsteps/sdk';
import { sendTokenCall, type TokenCallWording } from '../auth/token-call.js';
import { checkTokenUrl } from '../auth/token-url.js';
import type { Clock } from '../ports/clock.js';
import { type AccountStore, type CredentialVault, isAccountStore } from '../ports/credential-vault.js';
import type { HttpClientFactory, SecretScrubber, StepRegistry } from '../ports/services.js';
import { type CheckedTarget, checkedRedirectUri, checkedTarget } from './checked-target.js';
import { ConnectError } from './connect-error.js';
import type {
  DeviceAuthorization,
  DeviceOptions,
  Disconnected,
  DisconnectOptions,
  FinishOptions,
  StartedAuthorization,
  StartOptions,
  WithKeyOptions,
} from './connect-options.js';
import { startDeviceAuthorization } from './device-authorization.js';
import { grantedTokens } from './granted-tokens.js';
import type { PendingAuthorization, PendingAuthorizations } from './pending-authorizations.js';
import { pkcePair, randomState } from './pkce.js';
import { provenIdentity } from './proven-identity.js';
import { accountToReconnect, storedAccount } from './stored-account.js';
import { isTrustedOrigin } from './trusted-origins.js';

export interface ConnectorDeps {
  registry: StepRegistry;
  vault: CredentialVault;
  http: HttpClientFactory;
  scrubber: SecretScrubber;
  clock: Clock;
  pending: PendingAuthorizations;
  /** The OAuth app registered at each provider, by integration id. */
  oauthClients: Readonly<Record<string, OAuthClient>>;
  /** How long a started authorization waits for its callback. */
  stateLifetimeMs: number;
  /** Bounds each call to a token, device or revocation endpoint. */
  timeoutMs: number;
}

/** Longest API key taken: keys are tens of characters; a document pasted by mistake is not one. */
const MAX_API_KEY_LENGTH = 4096;
/** RFC 6749 Appendix A: tokens are printable ASCII, so a key cannot break a header line either. */
const VSCHAR = /^[\x20-\x7e]+$/;
const NEVER = new AbortController().signal;

/**
 * Connects accounts for users: the provider's OAuth authorization (code with PKCE, or the device
 * grant), or an API key; reconnects them in place and disconnects them. Credentials are proven with
 * the provider (the integration's `identify`) before anything is stored, and every failure leaves the
 * vault as it was.
 */
export class Connector {
  constructor(private readonly deps: ConnectorDeps) {}

  /** Begins an authorization: the URL to send the user's browser to, and its single-use `state`. */
  async start(options: StartOptions): Promise<StartedAuthorization> {
    const target = checkedTarget(this.deps.registry, options, 'oauth2');
    const connect = oauthOf(target);
    const redirectUri = checkedRedirectUri(options.redirectUri);
    const client = this.clientOf(target);
    await this.settleReconnect(target);
    const authorizeUrl = this.endpoint(
      () => connect.authorizeUrl(target.settings),
      target,
      client,
      'authorization',
    );
    const { verifier, challenge } = pkcePair();
    const state = randomState();
    const expiresAt = this.deps.clock.now() + this.deps.stateLifetimeMs;
    await this.waitFor(state, {
      integration: target.integration.id,
      ...(target.user === undefined ? {} : { user: target.user }),
      settings: target.settings,
      redirectUri,
      codeVerifier: verifier,
      ...(target.name === undefined ? {} : { name: target.name }),
      ...(target.reconnect === undefined ? {} : { reconnect: target.reconnect }),
      expiresAt,
    });
    const url = new URL(authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', client.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', connect.scopes.join(connect.scopeSeparator ?? ' '));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return { authorizationUrl: url.href, state, expiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * Ends an authorization: takes its `state` back (once), exchanges the code with the PKCE verifier,
   * proves the tokens and stores the account for the user who started it.
   */
  async finish(options: FinishOptions): Promise<AccountSummary> {
    const { state, code, denied } = callbackParameters(options);
    const pending =
      typeof state === 'string' && state !== '' ? await this.deps.pending.take(state) : undefined;
    if (!pending || pending.expiresAt <= this.deps.clock.now()) {
      throw new ConnectError(
        'invalid_state',
        'This authorization is unknown, already finished or expired (its state is single-use and lasts minutes): start connecting again',
      );
    }
    if (pending.user !== options.user) {
      // The browser that came back is not proof of who it is: the runtime names its signed-in user,
      // or a user could send their authorization URL to another and connect the other's account.
      throw new ConnectError(
        'invalid_state',
        `This authorization was started for ${pending.user === undefined ? 'no user' : `another user`} than ${options.user === undefined ? 'no user' : `user "${options.user}"`}: finish it as the user who started it (finish({ user, … })). It cannot be used again: start connecting again`,
      );
    }
    const target = checkedTarget(this.deps.registry, pending);
    const connect = oauthOf(target);
    if (denied) {
      throw new ConnectError(
        'access_denied',
        `The authorization of ${target.integration.title} was denied (${denied}); nothing was stored`,
      );
    }
    if (typeof code !== 'string' || code === '' || code.length > MAX_API_KEY_LENGTH) {
      throw new ConnectError(
        'invalid_request',
        'The callback carries no authorization code: start connecting again',
      );
    }
    const client = this.clientOf(target);
    const signal = options.signal ?? NEVER;
    const tokenUrl = this.endpoint(() => connect.tokenUrl(target.settings), target, client, 'token');
    const who = `the authorization of ${target.integration.title}`;
    const answer = await this.call(
      {
        url: tokenUrl,
        form: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: pending.redirectUri,
          client_id: client.clientId,
          ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
          code_verifier: pending.codeVerifier,
        },
        secrets: [code, pending.codeVerifier, client.clientSecret ?? ''],
        wording: {
          act: `the code exchange of ${who}`,
          failure: `Could not exchange the code of ${who}`,
          carries: 'the code, its verifier and the client secret',
        },
      },
      signal,
    );
    const grant = grantedTokens(answer, this.grantContext(who, connect));
    return this.prove(target, connect.credentials(grant, client), signal);
  }

  /** Connects an API-key integration: the key is proven with the provider's cheapest call before it is stored. */
  async withKey(options: WithKeyOptions): Promise<AccountSummary> {
    const target = checkedTarget(this.deps.registry, options, 'apiKey');
    const connect = target.connect as ApiKeyConnect;
    const apiKey = options.apiKey;
    if (
      typeof apiKey !== 'string' ||
      apiKey.length > MAX_API_KEY_LENGTH ||
      !VSCHAR.test(apiKey) ||
      apiKey.trim() === ''
    ) {
      throw new ConnectError(
        'invalid_request',
        `The ${target.integration.title} API key must be printable text of 1 to ${MAX_API_KEY_LENGTH} characters (no line breaks)`,
        { details: { field: 'apiKey' } },
      );
    }
    this.deps.scrubber.add(apiKey);
    await this.settleReconnect(target);
    return this.prove(target, connect.credentials(apiKey.trim()), options.signal ?? NEVER);
  }

  /** Begins the device grant, for a terminal: a code for the user to enter at the provider's page. */
  async device(options: DeviceOptions): Promise<DeviceAuthorization> {
    const target = checkedTarget(this.deps.registry, options, 'oauth2');
    const connect = oauthOf(target);
    if (!connect.deviceCodeUrl) {
      throw new ConnectError(
        'not_supported',
        `${target.integration.title} offers no device authorization: connect through the browser (connect.start)`,
      );
    }
    const client = this.clientOf(target);
    await this.settleReconnect(target);
    const who = `the device authorization of ${target.integration.title}`;
    const deviceCodeUrl = connect.deviceCodeUrl;
    return startDeviceAuthorization(
      {
        codeUrl: this.endpoint(() => deviceCodeUrl(target.settings), target, client, 'device code'),
        tokenUrl: this.endpoint(() => connect.tokenUrl(target.settings), target, client, 'token'),
        client,
        scopes: connect.scopes.join(connect.scopeSeparator ?? ' '),
        who,
        clock: this.deps.clock,
        scrubber: this.deps.scrubber,
        call: (call, signal) => this.call(call, signal),
        grant: (answer) => grantedTokens(answer, this.grantContext(who, connect)),
        store: (grant, signal) => this.prove(target, connect.credentials(grant, client), signal),
      },
      options.signal ?? NEVER,
    );
  }

  /** Withdraws the account's grant where the provider's API allows, then removes the account. */
  async disconnect(options: DisconnectOptions): Promise<Disconnected> {
    const vault = this.store();
    const account = await vault.get({ id: options.account, user: options.user }).catch(() => undefined);
    if (!account) {
      throw new ConnectError(
        'not_found',
        `${options.user === undefined ? 'No' : `User "${options.user}" has no`} account "${options.account}" ${options.user === undefined ? 'is connected' : 'connected'}: nothing to disconnect`,
        { details: { account: options.account } },
      );
    }
    const integration = this.deps.registry.integration(account.integration);
    let revoked = false;
    let revokeProblem: string | undefined;
    if (integration?.connect?.revoke) {
      try {
        await this.revoke(account, options.signal ?? NEVER);
        revoked = true;
      } catch (error) {
        revokeProblem = this.deps.scrubber.scrub(error instanceof Error ? error.message : String(error));
      }
    }
    try {
      await vault.remove({ id: account.id, user: account.user });
    } catch (error) {
      if (!revoked) throw error;
      throw new ConnectError(
        'provider_error',
        `Account "${account.id}" was revoked at ${integration?.title ?? account.integration} but could not be removed from the vault (${this.deps.scrubber.scrub(error instanceof Error ? error.message : String(error))}): its credentials no longer work; disconnect it again to remove it`,
        { cause: error },
      );
    }
    return { account: summarize(account), revoked, ...(revokeProblem ? { revokeProblem } : {}) };
  }

  private async revoke(account: ConnectedAccount, signal: AbortSignal): Promise<void> {
    const integration = this.deps.registry.integration(account.integration);
    const revoke = integration?.connect?.revoke;
    if (!integration || !revoke) return;
    const client = this.deps.oauthClients[integration.id];
    await revoke({
      account,
      http: this.deps.http.client({ integration, account, effect: 'delete', signal }),
      client,
      sendAsClient: async (request) => {
        if (!client?.clientSecret) {
          throw new ConnectError(
            'not_supported',
            `No OAuth app secret is configured for ${integration.title}: its grant cannot be revoked`,
          );
        }
        const url = checkTokenUrl(request.url, integration.title, account.name);
        const connect = integration.connect;
        if (connect?.kind !== 'oauth2' || !isTrustedOrigin(url, connect, client)) {
          throw new ConnectError(
            'invalid_request',
            `${integration.title}'s revocation URL ${url.origin} is not where its OAuth app is registered: its secret is sent nowhere else`,
          );
        }
        return this.call(
          {
            url,
            method: request.method,
            json: request.json,
            basic: { user: client.clientId, password: client.clientSecret },
            secrets: [],
            wording: {
              act: `the revocation of account "${account.name}" of ${integration.title}`,
              failure: `Could not revoke account "${account.name}" of ${integration.title}`,
              carries: 'the client secret and the token',
            },
          },
          signal,
        );
      },
    });
  }

  private async waitFor(state: string, pending: PendingAuthorization): Promise<void> {
    try {
      await this.deps.pending.put(state, pending);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new ConnectError('too_many_pending', error.message, { cause: error });
    }
  }

  /** Proves the credentials (who they belong to), then stores the account. */
  private async prove(
    target: CheckedTarget,
    credentials: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<AccountSummary> {
    const vault = this.store();
    this.deps.scrubber.addCredentials(credentials, target.integration.auth);
    const identity = await provenIdentity(target, credentials, this.deps.http, signal);
    return storedAccount(vault, target, identity, credentials);
  }

  private call(
    call: {
      url: URL;
      method?: 'POST' | 'DELETE';
      form?: Record<string, string>;
      json?: Record<string, unknown>;
      basic?: { user: string; password: string };
      secrets: readonly string[];
      wording: TokenCallWording;
    },
    signal: AbortSignal,
  ) {
    return sendTokenCall(
      { ...call, timeoutMs: this.deps.timeoutMs, scrubber: this.deps.scrubber },
      signal,
    ).catch((error: unknown) => {
      if (isStepError(error)) {
        throw new ConnectError(
          error.code === 'cancelled' ? 'cancelled' : 'provider_error',
          `${error.message}; nothing was stored`,
          { cause: error },
        );
      }
      throw error;
    });
  }

  private grantContext(who: string, connect: OAuthConnect) {
    return {
      who,
      scopes: connect.scopes,
      impliedScopes: connect.impliedScopes,
      now: this.deps.clock.now(),
      scrubber: this.deps.scrubber,
    };
  }

  private clientOf(target: CheckedTarget): OAuthClient {
    const client = this.deps.oauthClients[target.integration.id];
    if (!client?.clientId) {
      const prefix = `TOOLSTEPS_${target.integration.id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
      throw new ConnectError(
        'not_supported',
        `No OAuth app is configured for ${target.integration.title}: register one at the provider and pass createEngine({ oauthClients: { ${target.integration.id}: { clientId, clientSecret } } }) (the CLI reads ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET)`,
      );
    }
    if (client.clientSecret) this.deps.scrubber.add(client.clientSecret);
    return client;
  }

  /**
   * An endpoint of the provider for these settings: an absolute https URL (http on loopback) at an
   * origin the OAuth app is registered at. Settings are the user's: pointed elsewhere, they would
   * hand the app's secret, codes and verifiers to any host.
   */
  private endpoint(make: () => string, target: CheckedTarget, client: OAuthClient, what: string): URL {
    let url: URL;
    try {
      url = checkTokenUrl(
        make(),
        target.integration.title,
        target.name ?? `new ${target.integration.title} account`,
      );
    } catch (error) {
      throw new ConnectError(
        'invalid_request',
        `${target.integration.title}'s ${what} URL is not usable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!isTrustedOrigin(url, oauthOf(target), client)) {
      throw new ConnectError(
        'invalid_request',
        `${target.integration.title}'s ${what} URL for these settings is at ${url.origin}, not where its OAuth app is registered (${[...oauthOf(target).origins, ...(client.origins ?? [])].join(', ')}): nothing was sent. A runtime whose app is registered there too adds it to oauthClients.${target.integration.id}.origins`,
        { details: { field: 'settings' } },
      );
    }
    return url;
  }

  /**
   * A reconnect replaces credentials, not where they go: the account's own settings are kept, and
   * settings given that differ (another subdomain, another base URL) are refused before anything is
   * sent, or the account would act on another instance under the same name.
   */
  private async settleReconnect(target: CheckedTarget): Promise<void> {
    const vault = this.store();
    if (target.reconnect === undefined) return;
    const existing = await accountToReconnect(vault, target, target.reconnect);
    for (const [key, value] of Object.entries(target.settings)) {
      if (!isDeepStrictEqual(existing.settings[key], value)) {
        throw new ConnectError(
          'invalid_request',
          `A reconnect keeps the settings of account "${existing.id}": its ${key} is ${JSON.stringify(existing.settings[key] ?? null)}, not ${JSON.stringify(value)}. Connect a new account for other settings`,
          { details: { field: `/settings/${key}` } },
        );
      }
    }
    target.settings = structuredClone(existing.settings);
  }

  private store(): AccountStore {
    const { vault } = this.deps;
    if (!isAccountStore(vault)) {
      throw new ConnectError(
        'vault_read_only',
        "The engine's vault cannot store accounts (it has no add and remove): bind a MemoryVault, a FileVault or an AccountStore of your own",
      );
    }
    return vault;
  }
}

function oauthOf(target: CheckedTarget): OAuthConnect {
  if (target.connect.kind !== 'oauth2') {
    throw new ConnectError(
      'not_supported',
      `${target.integration.title} is connected with an API key, not an OAuth authorization: use connect.withKey`,
    );
  }
  return target.connect;
}

/** `state`, `code` and a denial, from the options or from the callback URL's query. */
function callbackParameters(options: FinishOptions): { state?: string; code?: string; denied?: string } {
  if ('callbackUrl' in options) {
    if (typeof options.callbackUrl !== 'string' || !URL.canParse(options.callbackUrl)) {
      throw new ConnectError(
        'invalid_request',
        'callbackUrl must be the absolute URL the browser came back to',
      );
    }
    const query = new URL(options.callbackUrl).searchParams;
    const error = query.get('error');
    return {
      state: query.get('state') ?? undefined,
      code: query.get('code') ?? undefined,
      denied: error ? described(error, query.get('error_description')) : undefined,
    };
  }
  return { state: options.state, code: options.code };
}

function described(error: string, description: string | null): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 200);
  return description ? `${clean(error)}: ${clean(description)}` : clean(error);
}
