/**
 * An answer that arrived but cannot be read: a status that is no final HTTP status (a 1xx, or past
 * 599), or a body its content-encoding does not decode.
 */
export class UnusableAnswer extends Error {
  constructor(
    /** Says what is wrong, to follow "answered …": `with HTTP status 999, which is no final status`. */
    readonly reason: string,
    readonly status: number,
    readonly headers: Record<string, string>,
  ) {
    super(`The answer came ${reason}`);
    this.name = 'UnusableAnswer';
  }
}
