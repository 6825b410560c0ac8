import type { StepContext } from '@toolsteps/engine';
import type { CreditsJson } from './credits.js';

/** One record's answer in a bulk call: matched, and what came back when it did. */
export interface BulkResult<T> {
  matched: boolean;
  record?: T;
}

/** A batch the provider answered (and charged): its results in input order, and what it cost. */
export interface DoneBatch<T> {
  results: BulkResult<T>[];
  credits: CreditsJson;
}

interface CallMemo {
  /** The call's records as sent: an attempt with other records is another call. */
  input: string;
  batches: DoneBatch<unknown>[];
}

/** Calls that failed part way and may be retried; the oldest go first, so a long-lived worker stays small. */
const MAX_CALLS = 32;
const calls = new Map<string, CallMemo>();

/**
 * The batches of one bulk call already answered, kept across the engine's attempts of the call
 * (same run, step key, account, endpoint and records), so a retried attempt resumes from the first
 * batch not answered instead of paying for the others again. In memory: a run resumed in another
 * process starts the call over.
 */
export class DoneBatches<T> {
  readonly #key: string;
  readonly #input: string;

  constructor(ctx: StepContext, path: string, records: readonly object[]) {
    this.#key = JSON.stringify([ctx.runId, ctx.stepKey, ctx.account.id, path]);
    this.#input = JSON.stringify(records);
  }

  /** The batch at `index`, when an attempt of this call already had it answered. */
  get(index: number): DoneBatch<T> | undefined {
    const memo = calls.get(this.#key);
    return memo?.input === this.#input ? (memo.batches[index] as DoneBatch<T> | undefined) : undefined;
  }

  /** Keeps an answered batch, before anything else can fail. */
  set(index: number, batch: DoneBatch<T>): void {
    let memo = calls.get(this.#key);
    if (memo?.input !== this.#input) memo = { input: this.#input, batches: [] };
    memo.batches[index] = batch;
    calls.delete(this.#key);
    calls.set(this.#key, memo);
    if (calls.size > MAX_CALLS) calls.delete(calls.keys().next().value as string);
  }

  /** The call is over with every batch answered: nothing is left to resume. */
  forget(): void {
    calls.delete(this.#key);
  }
}
