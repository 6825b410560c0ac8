import type { ConnectedAccount, CredentialVault } from '../contracts/account.js';
import type { Clock } from '../contracts/clock.js';
import type { OAuth2Auth } from '../contracts/integration.js';
import type { Logger } from '../contracts/logger.js';
import type { SecretScrubber } from '../contracts/services.js';
import { isStepError, StepError } from '../contracts/step-error.js';
import type { AccountAuth, AuthHeader } from './account-auth.js';
import { requireCredential } from './credential.js';
import { assertSafeHeader } from './safe-header.js';
import { requestTokenRefresh } from './token-endpoint.js';
import { untilAborted } from './until-aborted.js';

export interface OAuth2Deps {
  vault: CredentialVault;
  scrubber: SecretScrubber;
  clock: Clock;
  logger: Logger;
  /** Timeout of one call to the token endpoint. */
  timeoutMs: number;
}

const DEFAULT_REFRESH_AHEAD_MS = 60_000;
/** A failed early refresh falls back to the current token while it is still valid: only these failures. */
const TRANSIENT: ReadonlySet<string> = new Set(['unavailable', 'timeout', 'rate_limited']);

/**
 * OAuth 2 bearer tokens of one account: refreshed ahead of expiry and once after a 401, one refresh
 * at a time however many requests ask, and written back to the vault.
 */
export class OAuth2AccountAuth implements AccountAuth {
  readonly headerName = 'authorization';
  #account: ConnectedAccount;
  /** Access tokens this instance replaced: a caller passing one of them holds a stale account. */
  readonly #superseded = new Set<string>();
  #refreshing: Promise<string> | undefined;

  constructor(
    private readonly auth: OAuth2Auth,
    account: ConnectedAccount,
    private readonly integrationTitle: string,
    private readonly deps: OAuth2Deps,
  ) {
    this.#account = account;
  }

  async header(_request: unknown, signal: AbortSignal): Promise<AuthHeader> {
    return bearer(await this.#usableToken(signal));
  }

  async renew(rejected: AuthHeader, _request: unknown, signal: AbortSignal): Promise<AuthHeader | undefined> {
    const current = text(this.#account.credentials.accessToken);
    // Another request already refreshed while this one was in flight.
    if (current && bearer(current).value !== rejected.value) return bearer(current);
    if (!text(this.#account.credentials.refreshToken)) return undefined;
    return bearer(await this.#refresh(signal));
  }

  adopt(account: ConnectedAccount): void {
    const incoming = text(account.credentials.accessToken);
    if (
      incoming === text(this.#account.credentials.accessToken) ||
      (incoming && this.#superseded.has(incoming))
    )
      return;
    this.#account = account;
  }

  async #usableToken(signal: AbortSignal): Promise<string> {
    const credentials = this.#account.credentials;
    const accessToken = text(credentials.accessToken);
    const canRefresh = text(credentials.refreshToken) !== undefined;
    if (!accessToken) {
      if (!canRefresh) requireCredential(this.#account, 'accessToken', this.integrationTitle);
      return this.#refresh(signal);
    }
    const expiresInMs = this.#expiresInMs();
    const refreshAheadMs = this.auth.refreshAheadMs ?? DEFAULT_REFRESH_AHEAD_MS;
    if (!canRefresh || expiresInMs === undefined || expiresInMs > refreshAheadMs) return accessToken;
    try {
      return await this.#refresh(signal);
    } catch (error) {
      if (!(isStepError(error) && TRANSIENT.has(error.code) && expiresInMs > 0)) throw error;
      this.deps.logger.warn(
        this.deps.scrubber.scrub(
          `Early refresh of the OAuth token of account "${this.#account.name}" failed (${error.message}); using the current token until it expires`,
        ),
      );
      return accessToken;
    }
  }

  #expiresInMs(): number | undefined {
    const expiresAt = text(this.#account.credentials.expiresAt);
    const time = expiresAt === undefined ? Number.NaN : Date.parse(expiresAt);
    return Number.isNaN(time) ? undefined : time - this.deps.clock.now();
  }

  #refresh(signal: AbortSignal): Promise<string> {
    this.#refreshing ??= this.#refreshNow().finally(() => {
      this.#refreshing = undefined;
    });
    return untilAborted(this.#refreshing, signal);
  }

  async #refreshNow(): Promise<string> {
    const account = this.#account;
    const refreshToken = requireCredential(account, 'refreshToken', this.integrationTitle);
    const grant = await requestTokenRefresh({
      tokenUrl: this.#tokenUrl(account),
      refreshToken,
      clientId: text(account.credentials.clientId),
      clientSecret: text(account.credentials.clientSecret),
      accountName: account.name,
      integrationTitle: this.integrationTitle,
      timeoutMs: this.deps.timeoutMs,
    });
    assertSafeHeader('authorization', grant.accessToken);
    this.deps.scrubber.add(grant.accessToken);
    if (grant.refreshToken) this.deps.scrubber.add(grant.refreshToken);

    const fresh: Record<string, unknown> = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken ?? refreshToken,
      expiresAt:
        grant.expiresInSeconds === undefined
          ? undefined
          : new Date(this.deps.clock.now() + grant.expiresInSeconds * 1000).toISOString(),
    };
    const previous = text(account.credentials.accessToken);
    if (previous) this.#superseded.add(previous);
    this.#account = { ...account, credentials: withTokens(account.credentials, fresh) };
    await this.#save(fresh);
    this.deps.logger.info(
      `Refreshed the OAuth token of account "${account.name}" (${this.integrationTitle})`,
    );
    return grant.accessToken;
  }

  #tokenUrl(account: ConnectedAccount): string {
    const url = this.auth.tokenUrl(account);
    if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) {
      throw new StepError({
        code: 'validation',
        message: `${this.integrationTitle}'s OAuth token URL for account "${account.name}" is not an absolute http(s) URL`,
      });
    }
    return url;
  }

  /** Writes the new tokens over the vault's current copy, so other fields changed meanwhile survive. */
  async #save(fresh: Record<string, unknown>): Promise<void> {
    const { vault, logger, scrubber } = this.deps;
    try {
      const stored = await vault.get({ id: this.#account.id });
      await vault.update({ ...stored, credentials: withTokens(stored.credentials, fresh) });
    } catch (error) {
      logger.error(
        scrubber.scrub(
          `The refreshed OAuth tokens of account "${this.#account.name}" could not be saved to the vault (${(error as Error)?.message ?? String(error)}). This process keeps using them; if the provider rotates refresh tokens, reconnect the account after the run`,
        ),
      );
    }
  }
}

function withTokens(
  credentials: Record<string, unknown>,
  fresh: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...credentials, ...fresh };
  if (merged.expiresAt === undefined) delete merged.expiresAt;
  return merged;
}

function bearer(token: string): AuthHeader {
  return { name: 'authorization', value: `Bearer ${token}` };
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
