/** Headers that carry credentials or signatures: a delivery is kept (and shown) without them. */
const SECRET_HEADER = /authorization|cookie|signature|secret|token|password|api-?key/i;

/**
 * The headers worth keeping with a delivery: what triggers match on (the event name, the delivery
 * id…), never what proves or grants access. A replay does not verify again: it was verified once.
 */
export function storableHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !SECRET_HEADER.test(name)));
}
