/** An authorization started and not finished: what `finish` needs, kept only here (never in the URL). */
export interface PendingAuthorization {
  integration: string;
  user?: string;
  settings: Record<string, unknown>;
  redirectUri: string;
  /** The PKCE verifier: a secret, sent only with the code to the token endpoint. */
  codeVerifier: string;
  /** The name asked for, else the one the provider's identity gives. */
  name?: string;
  /** The id of the account whose credentials this replaces. */
  reconnect?: string;
  /** Epoch ms after which the state is refused. */
  expiresAt: number;
}

/**
 * Where started authorizations wait for their callback, by `state`. `take` hands each out once:
 * a state is single-use whether its authorization succeeds or not. A service running several
 * processes behind one callback binds a shared store.
 */
export interface PendingAuthorizations {
  put(state: string, pending: PendingAuthorization): Promise<void>;
  /** Removes and returns the authorization; undefined when unknown or already taken. */
  take(state: string): Promise<PendingAuthorization | undefined>;
}

/** Most authorizations waiting at once: more start only as older ones end or expire. */
export const MAX_PENDING_AUTHORIZATIONS = 10_000;

/** Started authorizations in memory, bounded in number; expired ones are dropped as new ones come. */
export class MemoryPendingAuthorizations implements PendingAuthorizations {
  readonly #pending = new Map<string, PendingAuthorization>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = MAX_PENDING_AUTHORIZATIONS,
  ) {}

  async put(state: string, pending: PendingAuthorization): Promise<void> {
    if (this.#pending.size >= this.max) this.#dropExpired();
    if (this.#pending.size >= this.max) {
      throw new RangeError(
        `${this.max} authorizations are already waiting for their callback: finish or let some expire before starting more`,
      );
    }
    this.#pending.set(state, structuredClone(pending));
  }

  async take(state: string): Promise<PendingAuthorization | undefined> {
    const pending = this.#pending.get(state);
    this.#pending.delete(state);
    return pending;
  }

  #dropExpired(): void {
    const now = this.now();
    for (const [state, pending] of this.#pending) if (pending.expiresAt <= now) this.#pending.delete(state);
  }
}
