/** How long Zendesk keeps an idempotency key: a repeat after this creates anew. */
export const IDEMPOTENCY_WINDOW_MS = 2 * 60 * 60_000;

/** What a create with an `Idempotency-Key` left: the request it answered, and its answer. */
interface KeptAnswer {
  request: string;
  /** The 201 body, sent again as it was (the ticket as it was then). */
  answer: object;
  location: string;
  keptAt: number;
}

/**
 * Ticket creates by idempotency key, as Zendesk keeps them: for two hours, per account. Only a
 * create that succeeded is kept, so a refused one may be sent again with its key.
 */
export class IdempotencyKeys {
  readonly #kept = new Map<string, KeptAnswer>();

  constructor(private readonly now: () => number) {}

  /** The answer kept for the key within the window, if any. */
  lookup(key: string): KeptAnswer | undefined {
    const kept = this.#kept.get(key);
    if (kept === undefined) return undefined;
    if (this.now() - kept.keptAt < IDEMPOTENCY_WINDOW_MS) return kept;
    this.#kept.delete(key);
    return undefined;
  }

  keep(key: string, kept: Omit<KeptAnswer, 'keptAt'>): void {
    this.#kept.set(key, { ...kept, keptAt: this.now() });
  }

  clear(): void {
    this.#kept.clear();
  }
}

/** Zendesk's answer to a key sent again with other request parameters. */
export const idempotencyMismatch = (): Response =>
  Response.json(
    {
      error: 'IdempotentRequestError',
      description: "Request parameters don't match the given idempotency key",
    },
    { status: 400 },
  );
