import { summarize } from '../../contracts/account.js';
import { withFields } from '../../contracts/logger.js';
import type { Effect } from '../../contracts/step.js';
import type { TriggerContext } from '../../contracts/trigger.js';
import { AccountResolver } from '../../execution/account-resolver.js';
import type { CompiledBinding } from '../compiled-binding.js';
import type { HostParts } from './host-parts.js';

/**
 * What trigger code gets for a binding: its account (without credentials) and that account's
 * path-only HTTP client, built by the engine's factory exactly as a step's is, so auth, retries,
 * rate limits and redaction apply alike.
 */
export async function triggerContext(
  parts: HostParts,
  binding: CompiledBinding,
  effect: Effect,
  signal: AbortSignal,
): Promise<TriggerContext> {
  const account = await new AccountResolver(parts.vault, parts.scrubber, {}).resolve(
    binding.integration,
    binding.account,
  );
  return {
    account: summarize(account),
    http: parts.http.client({ integration: binding.integration, account, effect, signal }),
    signal,
    log: withFields(parts.logger, { bindingId: binding.id }),
  };
}
