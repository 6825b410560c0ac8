/** Error answers in the bodies Zendesk sends them with. */

export const couldNotAuthenticate = (): Response =>
  Response.json({ error: "Couldn't authenticate you" }, { status: 401 });

export const forbidden = (): Response =>
  Response.json(
    {
      error: 'Forbidden',
      description:
        'You do not have access to this page. Please contact the account owner of this help desk for further help.',
    },
    { status: 403 },
  );

export const recordNotFound = (): Response =>
  Response.json({ error: 'RecordNotFound', description: 'Not found' }, { status: 404 });

/** One reason a field was refused, as in `details.subject[0]`. */
export interface InvalidField {
  field: string;
  error: string;
  description: string;
}

/** Thrown by request readers and caught by the app's error handler, which answers 422 RecordInvalid. */
export class RecordInvalid extends Error {
  constructor(readonly problems: InvalidField[]) {
    super(problems.map((problem) => problem.description).join('; '));
  }
}

export function recordInvalid(problems: InvalidField[]): Response {
  const details: Record<string, { description: string; error: string }[]> = {};
  for (const { field, error, description } of problems) {
    details[field] = [...(details[field] ?? []), { description, error }];
  }
  return Response.json(
    { error: 'RecordInvalid', description: 'Record validation errors', details },
    { status: 422 },
  );
}

/** A body that is not the JSON object the endpoint reads. */
export const invalidJson = (why: string): Response =>
  Response.json({ error: 'InvalidEndpoint', description: why }, { status: 400 });
