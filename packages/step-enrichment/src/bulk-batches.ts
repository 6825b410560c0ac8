import { type StepContext, StepError, Type } from '@toolsteps/engine';
import { addCredits, type CreditsJson, creditsOf, reportCredits } from './credits.js';
import { providerRequest } from './enrichment-call.js';

/** The provider's most records per bulk request (the emulator's too); larger inputs are split. */
export const PROVIDER_BATCH_LIMIT = 100;
/** The most records one step takes: ten provider batches, so a run stays within a few minutes. */
export const MAX_RECORDS = 1_000;

const BulkAnswer = Type.Object({ results: Type.Array(Type.Object({ matched: Type.Boolean() })) });

export interface BulkOutcome<T> {
  /** One per input record, in input order. */
  results: { matched: boolean; record?: T }[];
  credits: CreditsJson;
}

/**
 * Sends `records` to a bulk endpoint in batches of at most PROVIDER_BATCH_LIMIT, one after the
 * other, and puts the answers back in input order. Each batch's credits are reported as soon as it
 * is answered: when a later batch fails (credits run out), what the earlier ones spent is kept and
 * the error says how far it got.
 */
export async function inBatches<T>(
  ctx: StepContext,
  path: string,
  records: readonly object[],
  read: { field: 'person' | 'company'; shape: (value: unknown) => T; price: (record: T) => number },
): Promise<BulkOutcome<T>> {
  const results: BulkOutcome<T>['results'] = [];
  const spent: CreditsJson[] = [];
  for (let start = 0; start < records.length; start += PROVIDER_BATCH_LIMIT) {
    const batch = records.slice(start, start + PROVIDER_BATCH_LIMIT);
    let answer: Awaited<ReturnType<typeof providerRequest<{ results: Record<string, unknown>[] }>>>;
    try {
      answer = await providerRequest(ctx, { method: 'POST', path, json: batch, expect: BulkAnswer });
    } catch (error) {
      throw start === 0 ? error : partly(error, start, records.length, addCredits(spent));
    }
    // A 404 "no match" to a whole batch: none of its records matched (spec 7), not an error.
    if (!answer.noMatch && answer.body.results.length !== batch.length)
      throw new StepError({
        code: 'upstream',
        message: `Sales Intelligence answered ${answer.body.results?.length ?? 'no'} results to POST /${path} with ${batch.length} records: each record should have one, in order`,
      });
    const batchResults: BulkOutcome<T>['results'] = answer.noMatch
      ? batch.map(() => ({ matched: false }))
      : answer.body.results.map((result) =>
          result.matched === true
            ? { matched: true, record: read.shape(result[read.field]) }
            : { matched: false },
        );
    const estimate = batchResults.reduce(
      (sum, result) => sum + (result.record ? read.price(result.record) : 0),
      0,
    );
    spent.push(reportCredits(ctx, creditsOf(answer.headers, estimate)));
    results.push(...batchResults);
  }
  return { results, credits: addCredits(spent) };
}

/** A later batch's failure, saying what the earlier batches did and spent. */
function partly(error: unknown, done: number, total: number, credits: CreditsJson): unknown {
  if (!(error instanceof StepError)) return error;
  return new StepError({
    ...error.toJSON(),
    message: `${error.message} (records 0 to ${done - 1} of ${total} were enriched first, spending ${credits.spent} credits; their results are lost with this failure, so run again only for records from ${done})`,
    details: { ...error.details, recordsDone: done, creditsSpent: credits.spent },
    cause: error,
  });
}
