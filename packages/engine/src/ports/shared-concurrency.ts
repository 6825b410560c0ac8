/** Which of an account's caps a slot counts against. */
export type SlotKind = 'requests' | 'writes';

/** One request of an account asking for a slot, as the shared caps see it. */
export interface SharedSlot {
  integration: string;
  accountId: string;
  /** `requests`: the binding's `rateLimit.concurrency`; `writes`: its `writeConcurrency`. */
  kind: SlotKind;
  /** How many slots of this kind the account has. */
  limit: number;
}

/**
 * An account's concurrency caps kept across every process that uses the account (workers on several
 * machines): at most `concurrency` requests, and `writeConcurrency` writes, in flight at once, counted
 * in a store they share. Bound as `TOKENS.SharedConcurrency`; without it each process caps its own.
 */
export interface SharedConcurrency {
  /**
   * Runs `work` holding one of the slot's `limit` places, waiting while every place is held; the place
   * is given back when `work` settles, and a holder that dies loses it after a timeout. Rejects when
   * `signal` aborts before a place is free.
   */
  hold<T>(slot: SharedSlot, work: () => Promise<T>, signal: AbortSignal): Promise<T>;
}
