import { type StepContext, StepError, type StepParts, Type } from '@toolsteps/sdk';
import { addCredits, type CreditsJson, creditsOf, reportCredits } from './credits.js';
import { type BulkResult, type DoneBatch, DoneBatches } from './done-batches.js';
import { providerRequest } from './enrichment-call.js';

/** The provider's most records per bulk request (the emulator's too); larger inputs are split. */
export const PROVIDER_BATCH_LIMIT = 100;
/** The most records one step takes: ten provider batches, so a run stays within a few minutes. */
export const MAX_RECORDS = 1_000;

const BulkAnswer = Type.Object({ results: Type.Array(Type.Object({ matched: Type.Boolean() })) });

export interface BulkOutcome<T> {
  /** One per input record, in input order. */
  results: BulkResult<T>[];
  credits: CreditsJson;
}

interface ReadBatch<G, T> {
  field: 'person' | 'company';
  /** The record as the provider takes it; throws `validation` for one it cannot take (checked before anything is sent). */
  form: (record: G, index: number) => object;
  shape: (value: unknown) => T;
  price: (record: T) => number;
  /** The most a batch of this many records can cost: a try of it whose outcome is unknown counts this. */
  worstCase: (records: number) => number;
}

/**
 * Sends the `given` records (each as `read.form` makes it, all checked first) to a bulk endpoint in
 * batches of at most PROVIDER_BATCH_LIMIT, one after the other, and puts the answers back in input
 * order. The HTTP layer retries each batch's request on
 * its own (a `read` step's POST is safe to repeat), so a 503 costs one batch's request, not the
 * bulk. Each batch's credits are reported as it is answered, and the batch is kept with them
 * (DoneBatches, journaled): a step-level retry of the call, or the run resumed, goes on from the
 * first batch not answered, and a failure says which records were enriched, with their results and
 * credits, and which remain.
 */
export async function inBatches<G, T>(
  ctx: StepContext,
  path: string,
  given: readonly G[],
  read: ReadBatch<G, T>,
): Promise<BulkOutcome<T>> {
  const records = given.map(read.form);
  const done = new DoneBatches<T>(ctx.parts, path);
  const batches: DoneBatch<T>[] = [];
  let sent = false;
  for (let start = 0, index = 0; start < records.length; start += PROVIDER_BATCH_LIMIT, index++) {
    const end = start + PROVIDER_BATCH_LIMIT;
    let batch = done.get(index, given.slice(start, end));
    if (batch === undefined) {
      try {
        batch = await sendBatch(ctx, path, records.slice(start, end), read);
      } catch (error) {
        throw start === 0 ? error : partly(error, batches, records.length, read.field);
      }
      sent = true;
      reportCredits(ctx, batch.credits);
      // Journaled with its credits before the next batch is bought: a resumed run takes it back.
      await done.set(index, given.slice(start, end), batch);
    }
    batches.push(batch);
  }
  // Every batch was answered by an earlier attempt, already reported: this one spent nothing.
  if (!sent) ctx.credits.spent(0);
  return {
    results: batches.flatMap((batch) => batch.results),
    credits: addCredits(batches.map((batch) => batch.credits)),
  };
}

/**
 * A bulk step's worst case (`credits.worstCase`): what the batches of `given` not done yet can cost,
 * as a retry of the call, or the run resumed, takes the others back.
 */
export function batchesWorstCase(
  path: string,
  given: readonly unknown[],
  parts: Pick<StepParts, 'get'>,
  worstCase: (records: number) => number,
): number {
  const done = new DoneBatches(parts, path);
  let records = 0;
  for (let start = 0, index = 0; start < given.length; start += PROVIDER_BATCH_LIMIT, index++) {
    const batch = given.slice(start, start + PROVIDER_BATCH_LIMIT);
    if (done.get(index, batch) === undefined) records += batch.length;
  }
  return worstCase(records);
}

async function sendBatch<G, T>(
  ctx: StepContext,
  path: string,
  batch: readonly object[],
  read: ReadBatch<G, T>,
): Promise<DoneBatch<T>> {
  const answer = await providerRequest<{ results: Record<string, unknown>[] }>(ctx, {
    method: 'POST',
    path,
    json: batch,
    expect: BulkAnswer,
    worstCaseCredits: read.worstCase(batch.length),
  });
  // A 404 "no match" to a whole batch: none of its records matched; no match is never an error.
  if (!answer.noMatch && answer.body.results.length !== batch.length)
    throw new StepError({
      code: 'upstream',
      message: `Sales Intelligence answered ${answer.body.results?.length ?? 'no'} results to POST /${path} with ${batch.length} records: each record should have one, in order`,
    });
  const results: BulkResult<T>[] = answer.noMatch
    ? batch.map(() => ({ matched: false }))
    : answer.body.results.map((result) =>
        result.matched === true
          ? { matched: true, record: read.shape(result[read.field]) }
          : { matched: false },
      );
  const estimate = results.reduce((sum, result) => sum + (result.record ? read.price(result.record) : 0), 0);
  return { results, credits: creditsOf(answer.headers, estimate) };
}

/**
 * A later batch's failure, with what the earlier batches did: their results in input order (as the
 * step would have returned them), the credits they spent, and the records left to enrich.
 */
function partly<T>(
  error: unknown,
  batches: readonly DoneBatch<T>[],
  total: number,
  field: ReadBatch<unknown, T>['field'],
): unknown {
  if (!(error instanceof StepError)) return error;
  const results = batches.flatMap((batch) =>
    batch.results.map(({ matched, record }) => (record ? { matched, [field]: record } : { matched })),
  );
  const done = results.length;
  const credits = addCredits(batches.map((batch) => batch.credits));
  return new StepError({
    ...error.toJSON(),
    message: `${error.message} (records 0 to ${done - 1} of ${total} were enriched first, spending ${credits.spent} credits: their results are in this error's details.results; records ${done} to ${total - 1} were not sent or not answered. A retry of this step, or the run resumed, goes on from record ${done} without paying again for the others; a new run should send only the records from ${done})`,
    details: { ...error.details, recordsDone: done, results, creditsSpent: credits.spent },
    cause: error,
  });
}
