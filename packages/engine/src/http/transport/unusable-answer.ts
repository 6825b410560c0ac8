import { AnswerFailure } from './answer-failure.js';

/**
 * An answer that arrived but cannot be read: a status that is no final HTTP status (past 599), or a
 * body its content-encoding does not decode.
 */
export class UnusableAnswer extends AnswerFailure {
  constructor(
    /** Says what is wrong, to follow "answered …": `with HTTP status 999, which is no final status`. */
    readonly reason: string,
    status: number,
    headers: Record<string, string>,
  ) {
    super(`The answer came ${reason}`, status, headers);
  }
}
