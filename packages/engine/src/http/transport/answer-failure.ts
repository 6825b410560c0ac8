/**
 * A failure after the answer's status and headers arrived: the exchange record keeps them, and the
 * status tells retry safety the upstream did answer.
 */
export class AnswerFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly headers: Record<string, string>,
    options?: { cause: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The connection failed while the body streamed in (dropped, reset): `cause` says how. */
export class AnswerCutOff extends AnswerFailure {
  constructor(cause: unknown, status: number, headers: Record<string, string>) {
    super('The connection failed before the whole answer arrived', status, headers, { cause });
  }
}
