import type {
  AnyStep,
  AnyTrigger,
  AuthSpec,
  ConnectedAccount,
  Effect,
  Entitlement,
  HttpClient,
  HttpExchange,
  HttpMethod,
  Integration,
  TriggerDeliveryKind,
  TSchema,
} from '@toolsteps/sdk';

/** One row of the step catalog: what `toolsteps steps` lists and editors complete. */
export interface CatalogEntry {
  id: string;
  title: string;
  description: string;
  integration: string;
  integrationTitle: string;
  effect: Effect;
  /** A write or delete that does no harm when run twice (the step's `idempotent`); absent otherwise. */
  idempotent?: boolean;
  /** `beta` when the integration is; `unavailable` for catalogued steps that must not run. */
  status: 'stable' | 'beta' | 'unavailable';
  unavailableReason?: string;
  input: TSchema;
  output: TSchema;
  /** What a tool call hands a model of the result, when the step declares it (`forModel`): its schema. */
  modelOutput?: TSchema;
}

/** One row of the trigger catalog: what `toolsteps triggers` lists and `toolsteps describe` shows. */
export interface TriggerCatalogEntry {
  /** Tells a trigger's row from a step's where both are listed together. */
  kind: 'trigger';
  id: string;
  title: string;
  description: string;
  integration: string;
  integrationTitle: string;
  delivery: TriggerDeliveryKind;
  /** `beta` when the integration is; `unavailable` for catalogued triggers bindings may not use. */
  status: 'stable' | 'beta' | 'unavailable';
  unavailableReason?: string;
  /** A webhook trigger's event names at the third party. */
  subscribes?: readonly string[];
  /** A poll trigger's default interval. */
  intervalMs?: number;
  /** What the host must be entitled to for its bindings to activate. */
  requires?: Entitlement[];
  config: TSchema;
  event: TSchema;
  sample: unknown;
}

/** The loaded integrations, their steps and their triggers. */
export interface StepRegistry {
  integrations(): readonly Integration[];
  integration(id: string): Integration | undefined;
  step(id: string): AnyStep | undefined;
  /** The integration a step id belongs to. */
  integrationOf(stepId: string): Integration | undefined;
  /** The step catalog (triggers are listed by `triggerCatalog`). */
  catalog(): CatalogEntry[];
  trigger(id: string): AnyTrigger | undefined;
  /** The integration a trigger id belongs to. */
  integrationOfTrigger(triggerId: string): Integration | undefined;
  triggerCatalog(): TriggerCatalogEntry[];
}

/** One send as it leaves: retries, 401 replays and redirects are sends of their own. */
export interface SentRequest {
  method: HttpMethod;
  /** Path and query, relative to the base URL. */
  path: string;
  /** GET, HEAD, or marked `retrySafe`: running it twice does no harm. */
  safeToRepeat: boolean;
  /** The most credits it may be charged, when its request says (`HttpRequest.worstCaseCredits`). */
  worstCaseCredits?: number;
}

/**
 * What the end of a send proves about its effect upstream: `refused`, nothing was done (refused
 * connection, 429, 401, a 4xx refusal of the request as a whole); `processed`, the upstream answered
 * that it acted (2xx, or an answer that proves no refusal); `unknown`, it may or may not have acted
 * (no complete answer: timeout, dropped connection, cancellation; or a 5xx).
 */
export type SendEnd = 'refused' | 'processed' | 'unknown';

/**
 * Told how a send ended, with a short reason (`timed out after it was sent`, `answered 503`) and
 * the status answered, when an answer came.
 */
export type SendEndListener = (end: SendEnd, reason: string, status: number | undefined) => void;

export interface HttpClientOptions {
  integration: Integration;
  account: ConnectedAccount;
  /** The calling step's effect: non-GET requests of `write`/`delete` steps retry only when marked safe. */
  effect: Effect;
  signal: AbortSignal;
  /**
   * Secrets this client may send besides its account's own credentials: a binding's webhook secret,
   * which `register` puts in the hook it creates. They are scrubbed like credentials, and every other
   * client (a step, another account's above all) is refused them as it is any foreign credential.
   */
  sendableSecrets?: readonly string[];
  /** Called once per attempt, after it ends, with secrets already redacted. */
  onExchange?: (exchange: HttpExchange) => void;
  /**
   * Called once per send as it leaves (every hook ran), before any answer: the `requests` of a step's
   * trace counts these calls, so a request still in flight when a step ends is counted. The listener
   * it returns is told how that send ended, before `onExchange`. Counting needs no exchange record,
   * so none is built (redacted, copied) unless `onExchange` is given too.
   */
  onSent?: (request: SentRequest) => SendEndListener | undefined;
  /**
   * Awaited before each send not safe to repeat (a write, not retrySafe) leaves, before its timeout
   * starts: a durable journal records the write there, so a crash while it is in flight leaves a
   * trace that it may have happened. A rejection stops the send: it never leaves.
   */
  beforeWrite?: (request: SentRequest) => Promise<void>;
  /**
   * Called before each try of a request (its first and every retry), before it waits for the
   * account's limiter, so a wait here holds no place in its queues: a metered step checks its budgets
   * there, as an earlier try whose outcome is unknown was charged. A rejection stops the request:
   * that try never leaves, and it is not retried.
   */
  beforeTry?: (request: SentRequest) => Promise<void> | undefined;
}

/**
 * Builds the HTTP client a step receives. Per-account state (the ky instance, limiter, OAuth
 * single-flight) is kept by the factory, so every step of every run shares it.
 */
export interface HttpClientFactory {
  client(options: HttpClientOptions): HttpClient;
}

/** What one send asks of the transport besides the request itself. */
export interface TransportOptions {
  /** Aborts the exchange, the body included: the send's timeout and the caller's cancellation. */
  signal: AbortSignal;
  /** The largest answer body accepted, counted after decoding (gzip, deflate, br). */
  maxResponseBytes: number;
}

/**
 * Carries the requests ky builds to the network, under ky's `fetch` option. It never follows a
 * redirect, decodes the body, and resolves only once the whole body is in memory, within
 * `maxResponseBytes`: a larger answer rejects with `ResponseTooLarge`.
 */
export interface HttpTransport {
  fetch(request: Request, options: TransportOptions): Promise<Response>;
  /**
   * Optional: loads what sending needs (a transport that loads its client on first use), so the
   * first request is sent as soon as a rate limit admits it, not after a module load.
   */
  prepare?(): Promise<void>;
}

/** Collects every secret value seen (credentials, refreshed tokens) and removes them from output. */
export interface SecretScrubber {
  /**
   * Registers the secret fields of a credentials object: those `auth` declares, and any (at any
   * depth) whose name says secret. Values shorter than 8 characters are never secrets.
   */
  addCredentials(credentials: Record<string, unknown>, auth?: AuthSpec): void;
  add(secret: string): void;
  /** The text with every secret (any letter case, any encoding) redacted. */
  scrub(text: string): string;
  /**
   * A scrubbed text the engine is about to cut (`head` is what it keeps) with the start of a secret it
   * ends in redacted. Only for the engine's own cuts: on any text it would tell a secret's start.
   */
  scrubCutEnd?(head: string): string;
  /** The known secrets that `text` holds in any form: to refuse sending one where it does not belong. */
  secretsIn(text: string): string[];
  /** A deep copy of a JSON-like value with every secret replaced by `[REDACTED]`. */
  scrubValue<T>(value: T): T;
}
