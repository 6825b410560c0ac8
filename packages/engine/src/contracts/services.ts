import type { TSchema } from '@sinclair/typebox';
import type { ConnectedAccount } from './account.js';
import type { HttpClient, HttpExchange } from './http.js';
import type { Integration } from './integration.js';
import type { AnyStep, Effect } from './step.js';

/** One row of the step catalog: what `toolsteps steps` lists and editors complete. */
export interface CatalogEntry {
  id: string;
  title: string;
  description: string;
  integration: string;
  integrationTitle: string;
  effect: Effect;
  /** `beta` when the integration is; `unavailable` for catalogued steps that must not run. */
  status: 'stable' | 'beta' | 'unavailable';
  unavailableReason?: string;
  input: TSchema;
  output: TSchema;
}

/** The loaded integrations and their steps. */
export interface StepRegistry {
  integrations(): readonly Integration[];
  integration(id: string): Integration | undefined;
  step(id: string): AnyStep | undefined;
  /** The integration a step id belongs to. */
  integrationOf(stepId: string): Integration | undefined;
  catalog(): CatalogEntry[];
}

export interface HttpClientOptions {
  integration: Integration;
  account: ConnectedAccount;
  /** The calling step's effect: non-GET requests of `write`/`delete` steps retry only when marked safe. */
  effect: Effect;
  signal: AbortSignal;
  /** Called once per attempt, after it ends, with secrets already redacted. */
  onExchange?: (exchange: HttpExchange) => void;
  /**
   * Called once per attempt that was sent, after it ends, before `onExchange`: the `requests` of a
   * step's trace counts these calls. Counting needs no exchange record, so none is built (redacted,
   * copied) unless `onExchange` is given too.
   */
  onSent?: () => void;
}

/**
 * Builds the HTTP client a step receives. Per-account state (the ky instance, limiter, OAuth
 * single-flight) is kept by the factory, so every step of every run shares it.
 */
export interface HttpClientFactory {
  client(options: HttpClientOptions): HttpClient;
}

/** Collects every secret value seen (credentials, refreshed tokens) and removes them from output. */
export interface SecretScrubber {
  /** Registers every string value (deeply) of a credentials object. */
  addCredentials(credentials: Record<string, unknown>): void;
  add(secret: string): void;
  scrub(text: string): string;
  /** A deep copy of a JSON-like value with every secret replaced by `[REDACTED]`. */
  scrubValue<T>(value: T): T;
}
