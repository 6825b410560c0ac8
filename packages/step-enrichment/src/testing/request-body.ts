import type { Context } from '@toolsteps/emulator';
import { InvalidRequest } from './person-lookup.js';

/** The provider's most records in one bulk request; more are refused with 422 `batch_too_large`. */
export const BULK_LIMIT = 100;

/** The request's JSON body, or 422 `invalid_request` when it is not JSON. */
export async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new InvalidRequest('The body must be JSON');
  }
}

/** A bulk body: a JSON array of at most BULK_LIMIT records. */
export async function bulkRecords(c: Context): Promise<unknown[]> {
  const body = await jsonBody(c);
  if (!Array.isArray(body)) throw new InvalidRequest('A bulk request body must be a JSON array of records');
  if (body.length === 0) throw new InvalidRequest('A bulk request needs at least one record');
  if (body.length > BULK_LIMIT) throw new BatchTooLarge(body.length);
  return body;
}

export class BatchTooLarge extends Error {
  constructor(readonly size: number) {
    super(`A bulk request takes at most ${BULK_LIMIT} records; this one has ${size}`);
  }
}

/** Each record looked up in turn; a record the provider cannot read names its index. */
export function eachRecord<T>(records: unknown[], find: (record: unknown) => T): T[] {
  return records.map((record, index) => {
    try {
      return find(record);
    } catch (error) {
      if (error instanceof InvalidRequest) throw new InvalidRequest(`Record ${index}: ${error.message}`);
      throw error;
    }
  });
}
