import { accountKey, authOfAccount, type HttpClient, type Integration, type Logger } from '@toolsteps/sdk';
import type { Clock } from '../ports/clock.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { RefreshLock } from '../ports/refresh-lock.js';
import type {
  HttpClientFactory,
  HttpClientOptions,
  HttpTransport,
  SecretScrubber,
} from '../ports/services.js';
import type { SharedConcurrency } from '../ports/shared-concurrency.js';
import type { SharedQuotas } from '../ports/shared-quotas.js';
import type { SharedRateLimits } from '../ports/shared-rate-limits.js';
import { TOKENS } from '../ports/tokens.js';
import { type Dependencies, optional } from '../runtime/service.js';
import { type AccountChannel, openAccountChannel } from './account-channel.js';
import { AccountHttpClient } from './account-http-client.js';
import { loadKy } from './load-ky.js';

/** A channel not used for this long is let go (its account may have been one user's of thousands). */
export const CHANNEL_IDLE_MS = 10 * 60_000;

/**
 * Builds the HTTP client of each step call over one channel per connected account (ky instance,
 * limiter, auth with its OAuth single-flight), keyed by account and user, so two users' accounts
 * with the same id never share one. A channel idle for `CHANNEL_IDLE_MS` with nothing queued is
 * released: memory follows the accounts in use, not every account ever used.
 */
export class KyHttpClientFactory implements HttpClientFactory {
  static readonly dependencies: Dependencies = [
    TOKENS.Vault,
    TOKENS.SecretScrubber,
    TOKENS.Clock,
    TOKENS.Logger,
    TOKENS.HttpTransport,
    optional(TOKENS.SharedRateLimits),
    optional(TOKENS.RefreshLock),
    optional(TOKENS.SharedConcurrency),
    optional(TOKENS.SharedQuotas),
  ];

  readonly #channels = new Map<string, { channel: AccountChannel; lastUsed: number }>();
  #lastSweep = 0;

  constructor(
    private readonly vault: CredentialVault,
    private readonly scrubber: SecretScrubber,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly transport: HttpTransport,
    private readonly sharedLimits?: SharedRateLimits,
    private readonly refreshLock?: RefreshLock,
    private readonly sharedConcurrency?: SharedConcurrency,
    private readonly sharedQuotas?: SharedQuotas,
  ) {}

  client(options: HttpClientOptions): HttpClient {
    const { integration, account } = options;
    this.scrubber.addCredentials(account.credentials, authOfAccount(integration, account));
    // What a client may send must be known to the scrubber, so no output shows it.
    for (const secret of options.sendableSecrets ?? []) this.scrubber.add(secret);
    const deps = { scrubber: this.scrubber, clock: this.clock, logger: this.logger };
    // Opened on first use, so a bad binding fails the request (as a StepError), not the step setup.
    return new AccountHttpClient(() => this.#channel(integration, options), options, deps);
  }

  async #channel(integration: Integration, options: HttpClientOptions): Promise<AccountChannel> {
    // The transport too: an account's first request must not wait for a module load once a rate
    // limit shared by every process has admitted it (its place in the window would be spent idle).
    const [ky] = await Promise.all([loadKy(), this.transport.prepare?.()]);
    const key = `${integration.id}\u0000${accountKey(options.account)}`;
    const now = this.clock.now();
    this.#releaseIdle(now);
    const kept = this.#channels.get(key);
    let channel = kept?.channel;
    if (kept) kept.lastUsed = now;
    if (channel === undefined) {
      channel = openAccountChannel(integration, options.account, {
        ky,
        vault: this.vault,
        scrubber: this.scrubber,
        clock: this.clock,
        logger: this.logger,
        transport: this.transport,
        sharedLimits: this.sharedLimits,
        sharedConcurrency: this.sharedConcurrency,
        sharedQuotas: this.sharedQuotas,
        refreshLock: this.refreshLock,
      });
      this.#channels.set(key, { channel, lastUsed: now });
    } else {
      channel.auth.adopt(options.account);
    }
    return channel;
  }

  /** How many accounts' channels are held now. */
  get channels(): number {
    return this.#channels.size;
  }

  /** At most once per idle period: drops channels idle that long whose limiters hold nothing. */
  #releaseIdle(now: number): void {
    if (now - this.#lastSweep < CHANNEL_IDLE_MS) return;
    this.#lastSweep = now;
    for (const [key, { channel, lastUsed }] of this.#channels) {
      if (now - lastUsed >= CHANNEL_IDLE_MS && idle(channel)) this.#channels.delete(key);
    }
  }
}

/** Nothing waits in or runs through the channel's own limiters. */
function idle(channel: AccountChannel): boolean {
  const queued = (limiter: AccountChannel['limiter']) => (limiter ? limiter.size + limiter.pending : 0);
  return queued(channel.limiter) + queued(channel.writeLimiter) === 0;
}
