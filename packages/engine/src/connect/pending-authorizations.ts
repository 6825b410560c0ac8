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
/** Most waiting at once for one user (or for no user): one user cannot take every place. */
export const MAX_PENDING_PER_USER = 20;

/**
 * Started authorizations in memory, bounded in number overall and per user; expired ones are
 * dropped as new ones come.
 */
export class MemoryPendingAuthorizations implements PendingAuthorizations {
  readonly #pending = new Map<string, PendingAuthorization>();
  readonly #perUser = new Map<string, number>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = MAX_PENDING_AUTHORIZATIONS,
    private readonly maxPerUser = MAX_PENDING_PER_USER,
  ) {}

  async put(state: string, pending: PendingAuthorization): Promise<void> {
    const user = userKey(pending.user);
    if (this.#pending.size >= this.max || (this.#perUser.get(user) ?? 0) >= this.maxPerUser)
      this.#dropExpired();
    if (this.#pending.size >= this.max) {
      throw new RangeError(
        `${this.max} authorizations are already waiting for their callback: finish or let some expire before starting more`,
      );
    }
    if ((this.#perUser.get(user) ?? 0) >= this.maxPerUser) {
      throw new RangeError(
        `${this.maxPerUser} authorizations of ${pending.user === undefined ? 'no user' : `user "${pending.user}"`} are already waiting for their callback: finish or let some expire before starting more`,
      );
    }
    this.#pending.set(state, structuredClone(pending));
    this.#perUser.set(user, (this.#perUser.get(user) ?? 0) + 1);
  }

  async take(state: string): Promise<PendingAuthorization | undefined> {
    const pending = this.#pending.get(state);
    if (pending) this.#remove(state, pending);
    return pending;
  }

  #dropExpired(): void {
    const now = this.now();
    for (const [state, pending] of this.#pending) if (pending.expiresAt <= now) this.#remove(state, pending);
  }

  #remove(state: string, pending: PendingAuthorization): void {
    this.#pending.delete(state);
    const user = userKey(pending.user);
    const left = (this.#perUser.get(user) ?? 1) - 1;
    if (left > 0) this.#perUser.set(user, left);
    else this.#perUser.delete(user);
  }
}

/** Users counted apart, no user among them (a user id never holds a NUL). */
function userKey(user: string | undefined): string {
  return user === undefined ? '\u0000' : user;
}
