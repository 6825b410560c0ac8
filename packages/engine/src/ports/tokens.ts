/** Injection tokens: every part an embedding runtime may swap. */
export const TOKENS = {
  Vault: Symbol.for('toolsteps.CredentialVault'),
  Registry: Symbol.for('toolsteps.StepRegistry'),
  HttpClientFactory: Symbol.for('toolsteps.HttpClientFactory'),
  HttpTransport: Symbol.for('toolsteps.HttpTransport'),
  ExpressionLimits: Symbol.for('toolsteps.ExpressionLimits'),
  Clock: Symbol.for('toolsteps.Clock'),
  Logger: Symbol.for('toolsteps.Logger'),
  Journal: Symbol.for('toolsteps.Journal'),
  SecretScrubber: Symbol.for('toolsteps.SecretScrubber'),
  Engine: Symbol.for('toolsteps.Engine'),
  TriggerStore: Symbol.for('toolsteps.TriggerStore'),
  Entitlements: Symbol.for('toolsteps.Entitlements'),
  /** Optional: account rate limits shared by every worker (e.g. RedisRateLimits). */
  SharedRateLimits: Symbol.for('toolsteps.SharedRateLimits'),
  /** Optional: account concurrency caps shared by every worker (e.g. RedisConcurrency). */
  SharedConcurrency: Symbol.for('toolsteps.SharedConcurrency'),
  /** Optional: the quotas an API reports, known to every worker (e.g. RedisQuotas). */
  SharedQuotas: Symbol.for('toolsteps.SharedQuotas'),
  /** Optional: one OAuth refresh of an account at a time across every worker (e.g. RedisRefreshLock). */
  RefreshLock: Symbol.for('toolsteps.RefreshLock'),
  /** Optional: whether step traces list their requests (a boolean, default false). */
  TraceRequests: Symbol.for('toolsteps.TraceRequests'),
} as const;
