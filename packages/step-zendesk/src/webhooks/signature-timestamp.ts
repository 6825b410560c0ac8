/** Longest timestamp header read: Zendesk's are 20 characters; fractions and offsets fit well within. */
export const MAX_TIMESTAMP_LENGTH = 40;

// ISO 8601 date and time with a zone, as Zendesk writes it (`2021-03-25T05:09:27Z`); an offset and
// a fraction of a second are read too. A bare number or a date without a zone is not Zendesk's.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** The instant of a signature timestamp in epoch milliseconds, or undefined when it is not one. */
export function parseSignatureTimestamp(value: string): number | undefined {
  if (value.length > MAX_TIMESTAMP_LENGTH || !ISO_INSTANT.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : undefined;
}
