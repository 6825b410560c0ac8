import { AnswerFailure } from './answer-failure.js';

/** An answer refused for its size before its body was read to the end (or decoded past the limit). */
export class ResponseTooLarge extends AnswerFailure {
  constructor(
    /** How the size was found out: `declares 12 MiB`, `passed 1 KiB while streaming`. */
    readonly what: string,
    status: number,
    headers: Record<string, string>,
  ) {
    super(`The answer ${what}`, status, headers);
  }
}
