/** Bodies that are bytes, not text: uploads sent as given, files answered to `responseType: 'binary'`. */

/** Content types read as text (and JSON when they parse): everything else is a file's bytes. */
const TEXTUAL =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml)\b|application\/(javascript|x-www-form-urlencoded)\b)/i;

/** An answer with no content type is read as text, as before `binary` existed. */
export function isTextual(contentType: string | undefined): boolean {
  return contentType === undefined || contentType === '' || TEXTUAL.test(contentType.trim());
}

/** A body as secret search sees it: bytes as latin1, so a credential written in ASCII is still found. */
export function searchableText(body: string | Uint8Array | undefined): string | undefined {
  return body instanceof Uint8Array ? Buffer.from(body).toString('latin1') : body;
}

/** What an exchange records of a body: bytes are summarised, never logged (they can be large, and are no text). */
export function recordedBody(body: unknown): unknown {
  return body instanceof Uint8Array ? `<${body.byteLength} bytes>` : body;
}
