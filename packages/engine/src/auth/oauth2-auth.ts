import {
  accountKey,
  type ConnectedAccount,
  type Logger,
  type OAuth2Auth,
  requireCredential,
  toStepError,
} from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { RefreshLock } from '../ports/refresh-lock.js';
import type { SecretScrubber } from '../ports/services.js';
import { isoTime } from '../runtime/iso-time.js';
import type { AccountAuth, AuthHeader } from './account-auth.js';
import { holdsCredential } from './holds-credential.js';
import { refreshAheadMs } from './refresh-ahead.js';
import { SingleFlight } from './single-flight.js';
import { DEFAULT_MAX_TOKEN_ANSWER_BYTES, requestTokenRefresh } from './token-endpoint.js';
import { checkTokenUrl } from './token-url.js';

export interface OAuth2Deps {
  vault: CredentialVault;
  scrubber: SecretScrubber;
  clock: Clock;
  logger: Logger;
  /** Timeout of one call to the token endpoint, reading its answer included. */
  timeoutMs: number;
  /** Largest token endpoint answer read; default 64 KiB. */
  maxTokenAnswerBytes?: number;
  /** Shared by every worker: one refresh of an account at a time across processes. */
  refreshLock?: RefreshLock;
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
  /** Tokens this instance replaced: a caller passing one of them holds a stale account. */
  readonly #superseded = new Set<string>();
  readonly #refreshes = new SingleFlight<string>();
  /** The lifetime the provider announced for a token this instance obtained (unknown for vault tokens). */
  #granted: { accessToken: string; lifetimeMs: number } | undefined;
  /** The token whose early refresh failed: it is used until it expires, not refreshed again per request. */
  #earlyRefreshFailed: string | undefined;

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
    // A caller holding the account as it was before a refresh (often without any access token yet)
    // brings nothing newer: taking it in would throw the refreshed token away and refresh again.
    const held = this.#account.credentials;
    const incoming = account.credentials;
    if (
      this.#notNewer(text(incoming.accessToken), text(held.accessToken)) &&
      this.#notNewer(text(incoming.refreshToken), text(held.refreshToken))
    )
      return;
    this.#account = account;
  }

  #notNewer(incoming: string | undefined, held: string | undefined): boolean {
    return incoming === undefined || incoming === held || this.#superseded.has(incoming);
  }

  ownsCredential(value: string): boolean {
    return holdsCredential(this.#account.credentials, value) || this.#superseded.has(value);
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
    if (!canRefresh || expiresInMs === undefined || expiresInMs > this.#refreshAheadMs(accessToken))
      return accessToken;
    if (expiresInMs > 0 && this.#earlyRefreshFailed === accessToken) return accessToken;
    try {
      return await this.#refresh(signal);
    } catch (error) {
      // Whatever the refusal, a token that still works keeps serving until it expires: one early
      // refresh per token, then the real error shows when a refresh is no longer early.
      if (!(expiresInMs > 0 && !signal.aborted)) throw error;
      this.#earlyRefreshFailed = accessToken;
      const failure = toStepError(error);
      const advice = TRANSIENT.has(failure.code)
        ? ''
        : `; reconnect the account before ${isoTime(this.deps.clock.now() + expiresInMs)}, when it stops working`;
      this.deps.logger.warn(
        this.deps.scrubber.scrub(
          `Early refresh of the OAuth token of account "${this.#account.name}" failed (${failure.message}); using the current token until it expires${advice}`,
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

  #refreshAheadMs(accessToken: string): number {
    const windowMs = this.auth.refreshAheadMs ?? DEFAULT_REFRESH_AHEAD_MS;
    const granted = this.#granted?.accessToken === accessToken ? this.#granted.lifetimeMs : undefined;
    return refreshAheadMs(windowMs, granted);
  }

  /** Shared by every request that needs it; aborted once all of them have given up (Ctrl-C). */
  #refresh(signal: AbortSignal): Promise<string> {
    return this.#refreshes.run((flightSignal) => this.#refreshAcrossProcesses(flightSignal), signal);
  }

  /**
   * With a lock every worker shares, one process at a time refreshes the account, and each first
   * reads the vault: a rotating refresh token another worker already spent is never sent again.
   */
  #refreshAcrossProcesses(signal: AbortSignal): Promise<string> {
    const lock = this.deps.refreshLock;
    if (!lock) return this.#refreshNow(signal);
    return lock.hold(
      `${this.#account.integration}:${accountKey(this.#account)}`,
      async (held) => (await this.#adoptStoredTokens()) ?? this.#refreshNow(held),
      signal,
    );
  }

  /**
   * Takes in the tokens another process saved since this one read the account: the stored access
   * token when it is still good (no refresh needed), and the newest refresh token either way.
   */
  async #adoptStoredTokens(): Promise<string | undefined> {
    let stored: ConnectedAccount;
    try {
      stored = await this.deps.vault.get({ id: this.#account.id, user: this.#account.user });
    } catch {
      return undefined; // The vault cannot say: refresh with the tokens this process holds.
    }
    const held = this.#account.credentials;
    const storedAccess = text(stored.credentials.accessToken);
    const storedRefresh = text(stored.credentials.refreshToken);
    const newer =
      (storedAccess !== undefined &&
        storedAccess !== text(held.accessToken) &&
        !this.#superseded.has(storedAccess)) ||
      (storedRefresh !== undefined &&
        storedRefresh !== text(held.refreshToken) &&
        !this.#superseded.has(storedRefresh));
    if (!newer) return undefined;
    for (const token of [storedAccess, storedRefresh]) if (token) this.deps.scrubber.add(token);
    for (const token of [text(held.accessToken), text(held.refreshToken)])
      if (token && token !== storedAccess && token !== storedRefresh) this.#superseded.add(token);
    const tokens = {
      accessToken: storedAccess,
      refreshToken: storedRefresh,
      expiresAt: stored.credentials.expiresAt,
    };
    this.#account = { ...this.#account, credentials: withTokens(held, tokens) };
    this.#granted = undefined;
    const expiresInMs = this.#expiresInMs();
    const good =
      storedAccess !== undefined &&
      (expiresInMs === undefined || expiresInMs > this.#refreshAheadMs(storedAccess));
    return good ? storedAccess : undefined;
  }

  async #refreshNow(signal: AbortSignal): Promise<string> {
    const account = this.#account;
    const refreshToken = requireCredential(account, 'refreshToken', this.integrationTitle);
    const grant = await requestTokenRefresh(
      {
        tokenUrl: checkTokenUrl(this.auth.tokenUrl(account), this.integrationTitle, account.name),
        refreshToken,
        clientId: text(account.credentials.clientId),
        clientSecret: text(account.credentials.clientSecret),
        accountName: account.name,
        integrationTitle: this.integrationTitle,
        timeoutMs: this.deps.timeoutMs,
        maxAnswerBytes: this.deps.maxTokenAnswerBytes ?? DEFAULT_MAX_TOKEN_ANSWER_BYTES,
        scrubber: this.deps.scrubber,
      },
      signal,
    );
    // The grant is checked (header-safe tokens, bounded lifetime) and its tokens already scrubbed.
    // From here nothing may throw before the save: a rotated refresh token exists only in this grant.
    const now = this.deps.clock.now();
    const fresh: Record<string, unknown> = {
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken ?? refreshToken,
      expiresAt:
        grant.expiresInSeconds === undefined ? undefined : isoTime(now + grant.expiresInSeconds * 1000),
    };
    this.#granted =
      grant.expiresInSeconds === undefined
        ? undefined
        : { accessToken: grant.accessToken, lifetimeMs: grant.expiresInSeconds * 1000 };
    const previous = text(account.credentials.accessToken);
    if (previous) this.#superseded.add(previous);
    if (grant.refreshToken !== undefined && grant.refreshToken !== refreshToken)
      this.#superseded.add(refreshToken);
    this.#account = { ...account, credentials: withTokens(account.credentials, fresh) };
    await this.#save(fresh);
    this.deps.logger.info(
      `Refreshed the OAuth token of account "${account.name}" (${this.integrationTitle})`,
    );
    return grant.accessToken;
  }

  /** Writes the new tokens over the vault's current copy, so other fields changed meanwhile survive. */
  async #save(fresh: Record<string, unknown>): Promise<void> {
    const { vault, logger, scrubber } = this.deps;
    try {
      const stored = await vault.get({ id: this.#account.id, user: this.#account.user });
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
