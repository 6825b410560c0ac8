/**
 * An answer refused for its size before its body was read to the end. It keeps the status and
 * headers that did arrive, so the exchange record shows them.
 */
export class ResponseTooLarge extends Error {
  constructor(
    /** How the size was found out: `declares 12 MiB`, `passed 1 KiB while streaming`. */
    readonly what: string,
    readonly status: number,
    readonly headers: Record<string, string>,
  ) {
    super(`The answer ${what}`);
    this.name = 'ResponseTooLarge';
  }
}
