import {
  accountKey,
  type ConnectedAccount,
  type Integration,
  type Logger,
  type RateLimitSpec,
} from '@toolsteps/sdk';
import type { KyInstance, default as ky } from 'ky';
import type PQueue from 'p-queue';
import type { AccountAuth } from '../auth/account-auth.js';
import { createAccountAuth } from '../auth/create-account-auth.js';
import type { Clock } from '../ports/clock.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { RefreshLock } from '../ports/refresh-lock.js';
import type { HttpTransport, SecretScrubber } from '../ports/services.js';
import type { SharedConcurrency, SlotKind } from '../ports/shared-concurrency.js';
import type { SharedQuotas } from '../ports/shared-quotas.js';
import type { SharedRateLimits } from '../ports/shared-rate-limits.js';
import { createAccountLimiter, createWriteLimiter } from './account-limiter.js';
import { type ResolvedBinding, resolveBinding } from './http-defaults.js';
import { QuotaGate, type SharedQuotaLink } from './quota-gate.js';
import { signRequest } from './sign-request.js';

export interface ChannelDeps {
  /** Loaded with the first request (`loadKy`). */
  ky: typeof ky;
  vault: CredentialVault;
  scrubber: SecretScrubber;
  clock: Clock;
  logger: Logger;
  transport: HttpTransport;
  sharedLimits?: SharedRateLimits;
  sharedConcurrency?: SharedConcurrency;
  sharedQuotas?: SharedQuotas;
  refreshLock?: RefreshLock;
}

/** Runs a send holding one of the account's places shared by every process. */
export type SharedSlotHold = <T>(work: () => Promise<T>, signal: AbortSignal) => Promise<T>;

/** Everything kept per connected account and shared by every step of every run that uses it. */
export interface AccountChannel {
  integration: Integration;
  binding: ResolvedBinding;
  auth: AccountAuth;
  /** Unset when the binding has no rateLimit. */
  limiter: PQueue | undefined;
  /** Unset when the binding has no rateLimit.writeConcurrency. */
  writeLimiter: PQueue | undefined;
  /** The quotas the API reports, so an exhausted one holds requests until its reset. */
  quota: QuotaGate;
  /** Waits for the account's rate shared by every process; unset when none is bound or limited. */
  shared: ((write: boolean, signal: AbortSignal) => Promise<void>) | undefined;
  /** `concurrency` across every process; unset when none is bound or the binding sets none. */
  slot: SharedSlotHold | undefined;
  /** `writeConcurrency` across every process; unset likewise. */
  writeSlot: SharedSlotHold | undefined;
  /** ky with our layers as hooks; its own retry and timeout are off: p-retry and our timeout rule. */
  ky: KyInstance;
  /** What ky's sends go through (its `fetch`), shared by every account of the engine. */
  transport: HttpTransport;
}

export function openAccountChannel(
  integration: Integration,
  account: ConnectedAccount,
  deps: ChannelDeps,
): AccountChannel {
  const binding = resolveBinding(integration.http(account), integration.title);
  const auth = createAccountAuth(integration, account, { ...deps, timeoutMs: binding.timeoutMs });
  const { transport, ky } = deps;
  return {
    integration,
    binding,
    auth,
    limiter: createAccountLimiter(binding.rateLimit, integration.title),
    writeLimiter: createWriteLimiter(binding.rateLimit),
    quota: new QuotaGate(sharedQuotaLink(integration, account, deps.sharedQuotas)),
    shared: sharedAdmission(integration, account, binding.rateLimit, deps.sharedLimits),
    slot: sharedSlot(
      integration,
      account,
      'requests',
      binding.rateLimit?.concurrency,
      deps.sharedConcurrency,
    ),
    writeSlot: sharedSlot(
      integration,
      account,
      'writes',
      binding.rateLimit?.writeConcurrency,
      deps.sharedConcurrency,
    ),
    transport,
    ky: ky.create({
      // No default headers to merge into every send when the binding has none.
      headers: Object.keys(binding.headers).length > 0 ? binding.headers : undefined,
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
      redirect: 'manual',
      hooks: { beforeRequest: [signRequest(auth)] },
    }),
  };
}

/** The shared limits' gate for this account, when the binding limits its rate and limits are shared. */
function sharedAdmission(
  integration: Integration,
  account: ConnectedAccount,
  spec: RateLimitSpec | undefined,
  limits: SharedRateLimits | undefined,
): AccountChannel['shared'] {
  if (!limits || !spec || (spec.intervalCap === undefined && !spec.writeIntervalMs)) return undefined;
  return (write, signal) =>
    limits.admit({ integration: integration.id, accountId: accountKey(account), spec, write }, signal);
}

/** The shared caps' hold for this account and kind, when the binding caps it and caps are shared. */
function sharedSlot(
  integration: Integration,
  account: ConnectedAccount,
  kind: SlotKind,
  limit: number | undefined,
  concurrency: SharedConcurrency | undefined,
): SharedSlotHold | undefined {
  if (!concurrency || limit === undefined) return undefined;
  const slot = { integration: integration.id, accountId: accountKey(account), kind, limit };
  return (work, signal) => concurrency.hold(slot, work, signal);
}

/** The shared quotas seen from this account; a lost report only means the others learn it later. */
function sharedQuotaLink(
  integration: Integration,
  account: ConnectedAccount,
  quotas: SharedQuotas | undefined,
): SharedQuotaLink | undefined {
  if (!quotas) return undefined;
  const key = (quota: string) => ({ integration: integration.id, accountId: accountKey(account), quota });
  return {
    // A copy: the gate counts its own state down while the report may still be on its way.
    report: (quota, { remaining, resetAt }) =>
      void quotas.report(key(quota), { remaining, resetAt }).catch(() => {}),
    take: (quota, now) => quotas.take(key(quota), now),
  };
}
