import { createHash } from 'node:crypto';
import type { StepParts } from '@toolsteps/sdk';
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

/** A batch as the call keeps it: what it was bought for, so another call's batch is never taken. */
interface KeptBatch {
  /** sha256 of the endpoint and the records (as the step was given them) it was bought for. */
  of: string;
  batch: DoneBatch<unknown>;
}

/**
 * The batches of one bulk call already answered, and paid for, kept as parts of the call
 * (`ctx.parts`) with the credits they cost: a later attempt of the call, or the run resumed (by
 * `toolsteps runs resume`, a worker, a delivery replayed, in another process too), takes them back
 * instead of buying them again, and the run's budgets count them. A batch is taken back only for the
 * same endpoint and records.
 */
export class DoneBatches<T> {
  constructor(
    private readonly parts: Pick<StepParts, 'get'> & Partial<Pick<StepParts, 'record'>>,
    private readonly path: string,
  ) {}

  /** The batch at `index` with these records (as given to the step), when the call already had it answered. */
  get(index: number, records: readonly unknown[]): DoneBatch<T> | undefined {
    const kept = this.parts.get<KeptBatch>(this.name(index));
    return kept?.of === this.fingerprint(records) ? (kept.batch as DoneBatch<T>) : undefined;
  }

  /** Keeps an answered batch once its credits are reported: journaled before the next batch is sent. */
  set(index: number, records: readonly unknown[], batch: DoneBatch<T>): Promise<void> {
    const kept: KeptBatch = { of: this.fingerprint(records), batch };
    if (!this.parts.record) throw new Error('These parts are read only: a batch is kept by the step running');
    return this.parts.record(this.name(index), kept);
  }

  private name(index: number): string {
    return `${this.path} batch ${index}`;
  }

  private fingerprint(records: readonly unknown[]): string {
    return createHash('sha256')
      .update(JSON.stringify([this.path, records]))
      .digest('hex');
  }
}
