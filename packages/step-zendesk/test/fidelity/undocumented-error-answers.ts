import { Ajv } from 'ajv';

/**
 * Allowance `undocumented-error-answers`: the description gives the ticket, user, tag and upload
 * operations only their success statuses, though Zendesk answers them 400, 401, 403, 404 and 422
 * too. Its API introduction ("Response format", "Errors") documents those bodies in prose, as
 * `{"error": "RecordNotFound", "description": "Not found"}`, 401's
 * `{"error": "Couldn't authenticate you"}` and 422's `{"error": "RecordInvalid", "description":
 * "Record validation errors", "details": {"subject": [{"description": "…", "error": "…"}]}}`.
 * Such an answer, for a status the operation leaves out, must have exactly that shape; a status the
 * operation does document is still checked against the description.
 */
export const UNDOCUMENTED_ERROR_STATUSES: ReadonlySet<number> = new Set([400, 401, 403, 404, 422]);

const ZENDESK_ERROR_BODY = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: { type: 'string', minLength: 1 },
    description: { type: 'string', minLength: 1 },
    details: {
      type: 'object',
      minProperties: 1,
      additionalProperties: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          required: ['description', 'error'],
          additionalProperties: false,
          properties: { description: { type: 'string' }, error: { type: 'string' } },
        },
      },
    },
  },
};

const validate = new Ajv({ allErrors: true }).compile(ZENDESK_ERROR_BODY);

/** What is wrong with an error answer the description leaves out; empty when it is Zendesk's error body. */
export function errorBodyProblems(status: number, body: unknown): string[] {
  if (validate(body)) return [];
  const why = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  return [`answer ${status} is not Zendesk's error body {error, description?, details?}: ${why.join('; ')}`];
}
