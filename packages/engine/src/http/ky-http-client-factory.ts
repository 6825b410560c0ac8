import { authOfAccount, type HttpClient, type Integration, type Logger } from '@toolsteps/sdk';
import { inject, injectable, optional } from 'inversify';
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
import { type AccountChannel, openAccountChannel } from './account-channel.js';
import { AccountHttpClient } from './account-http-client.js';

/**
 * Builds the HTTP client of each step call over one channel per connected account (ky instance,
 * limiter, auth with its OAuth single-flight), kept for the factory's lifetime.
 */
@injectable()
export class KyHttpClientFactory implements HttpClientFactory {
  readonly #channels = new Map<string, AccountChannel>();

  constructor(
    @inject(TOKENS.Vault) private readonly vault: CredentialVault,
    @inject(TOKENS.SecretScrubber) private readonly scrubber: SecretScrubber,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(TOKENS.HttpTransport) private readonly transport: HttpTransport,
    @optional() @inject(TOKENS.SharedRateLimits) private readonly sharedLimits?: SharedRateLimits,
    @optional() @inject(TOKENS.RefreshLock) private readonly refreshLock?: RefreshLock,
    @optional() @inject(TOKENS.SharedConcurrency) private readonly sharedConcurrency?: SharedConcurrency,
    @optional() @inject(TOKENS.SharedQuotas) private readonly sharedQuotas?: SharedQuotas,
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

  #channel(integration: Integration, options: HttpClientOptions): AccountChannel {
    const key = `${integration.id}\u0000${options.account.id}`;
    let channel = this.#channels.get(key);
    if (channel === undefined) {
      channel = openAccountChannel(integration, options.account, {
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
      this.#channels.set(key, channel);
    } else {
      channel.auth.adopt(options.account);
    }
    return channel;
  }
}
