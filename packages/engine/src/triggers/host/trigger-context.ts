import {
  type Effect,
  type HttpExchange,
  type Integration,
  type Logger,
  summarize,
  type TriggerContext,
  withFields,
} from '@toolsteps/sdk';
import { AccountResolver } from '../../execution/account-resolver.js';
import type { CredentialVault } from '../../ports/credential-vault.js';
import type { HttpClientFactory, SecretScrubber } from '../../ports/services.js';
import type { AnyCompiledBinding } from '../compiled-binding.js';
import type { HostParts } from './host-parts.js';

/** What building a trigger context takes of an engine: the host's parts, or the test kit's. */
export interface TriggerContextParts {
  vault: CredentialVault;
  scrubber: SecretScrubber;
  http: HttpClientFactory;
  logger: Logger;
}

export interface TriggerContextRequest {
  integration: Integration;
  /** The connected account, by id or by name. */
  account: string;
  /** Whose account it is: the end user a binding acts for; undefined, an account of no user. */
  user?: string;
  effect: Effect;
  signal: AbortSignal;
  /** A binding's webhook secret: this context's client alone may send it (`register` must). */
  secret?: string;
  /** Carried by every line trigger code logs, e.g. the binding's id. */
  logFields?: Record<string, unknown>;
  onExchange?: (exchange: HttpExchange) => void;
}

/**
 * What trigger code gets: its account (without credentials) and that account's path-only HTTP
 * client, built by the engine's factory exactly as a step's is, so auth, retries, rate limits and
 * redaction apply alike.
 */
export async function buildTriggerContext(
  parts: TriggerContextParts,
  request: TriggerContextRequest,
): Promise<TriggerContext> {
  const { integration, effect, signal, secret, onExchange } = request;
  const account = await new AccountResolver(parts.vault, parts.scrubber, {}, request.user).resolve(
    integration,
    request.account,
  );
  return {
    account: summarize(account),
    http: parts.http.client({
      integration,
      account,
      effect,
      signal,
      ...(secret === undefined ? {} : { sendableSecrets: [secret] }),
      ...(onExchange === undefined ? {} : { onExchange }),
    }),
    signal,
    log: request.logFields === undefined ? parts.logger : withFields(parts.logger, request.logFields),
    secret: (value) => parts.scrubber.add(value),
  };
}

/**
 * The context of one binding's trigger code, through the binding's account (its user's, when it acts
 * for one); `secret` for its registration.
 */
export function triggerContext(
  parts: HostParts,
  binding: AnyCompiledBinding,
  effect: Effect,
  signal: AbortSignal,
  secret?: string,
): Promise<TriggerContext> {
  return buildTriggerContext(parts, {
    integration: binding.integration,
    account: binding.account,
    user: binding.user,
    effect,
    signal,
    secret,
    logFields: { bindingId: binding.id },
  });
}
