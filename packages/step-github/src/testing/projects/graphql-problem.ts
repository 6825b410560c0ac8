/**
 * A resolver's refusal: GitHub reports it in the answer's `errors` with a `type` (NOT_FOUND,
 * FORBIDDEN, ...) beside the message, the field's value becoming null.
 */
export class GraphqlProblem extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'GraphqlProblem';
  }
}
