import { defineStep, HttpResponseSchema, Type } from '@toolsteps/sdk';
import { checkedBody, checkedEndpoint, checkedHeaders } from '../api-call-checks.js';
import { zendeskResponse } from '../zendesk-call.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** PUT and DELETE are idempotent in Zendesk's API: repeating one after a failure is safe. */
const IDEMPOTENT: ReadonlySet<string> = new Set(['PUT', 'DELETE']);

/** The generic API Call: any Support API path, signed with the connected account's credentials. */
export const apiCall = defineStep({
  id: 'zendesk.api_call',
  title: 'Support Platform API Call',
  description:
    'Sends a custom request to the Zendesk Support API (a path under /api/v2/) with the connected account\'s credentials, e.g. custom ticket fields by id: PUT /api/v2/tickets/1042.json with {"ticket": {"custom_fields": [{"id": 360001, "value": "LC-20931"}]}}. Files go as bytes: upload one with POST /api/v2/uploads.json?filename=photo.png, body_base64 and content_type image/png (the answer\'s upload.token attaches it to a comment); fetch one at the /attachments/token/… path of its content_url. An answer that is a file comes back as body_base64 with its content_type; JSON answers come back as body. Use it only for what the other Zendesk operations do not cover.',
  effect: 'write',
  // Not idempotent as a step: that depends on the method and endpoint (PUT and DELETE retry per request).
  input: Type.Object(
    {
      method: Type.Optional(
        Type.Union(
          METHODS.map((method) => Type.Literal(method)),
          { description: 'GET (default), POST, PUT, PATCH or DELETE' },
        ),
      ),
      endpoint: Type.String({
        minLength: 1,
        description:
          'A path under /api/v2/, query allowed, e.g. /api/v2/users/search.json?query=jordan, or an attachment content path /attachments/token/…',
      }),
      headers: Type.Optional(
        Type.Record(Type.String(), Type.String(), { description: 'Extra request headers' }),
      ),
      body: Type.Optional(
        Type.Unknown({
          description: 'JSON body (POST, PUT, PATCH, or DELETE where Zendesk takes one; never with GET)',
        }),
      ),
      body_base64: Type.Optional(
        Type.String({
          description: 'A file to send as the body, its bytes in base64 (e.g. for POST /api/v2/uploads.json)',
        }),
      ),
      content_type: Type.Optional(
        Type.String({
          minLength: 1,
          pattern: '^[\\w.+-]+/[\\w.+-]+',
          description:
            "With body_base64: the file's media type, e.g. image/png (default application/octet-stream)",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Type.Composite([
    HttpResponseSchema,
    Type.Object({
      body_base64: Type.Optional(
        Type.String({
          description:
            'For an answer that is a file (not JSON or text): its bytes in base64; body is then null',
        }),
      ),
      content_type: Type.Optional(Type.String({ description: "The answer's media type, when it said one" })),
    }),
  ]),
  run: async (input, ctx) => {
    const method = input.method ?? 'GET';
    const path = checkedEndpoint(input.endpoint);
    const headers = checkedHeaders(input.headers);
    const body = checkedBody(method, input);
    // Through the integration's one request helper: a 401 or 403 says what to do, like every step's.
    const response = await zendeskResponse(ctx, {
      method,
      path,
      ...(body !== undefined && 'bytes' in body
        ? { body: body.bytes, headers: { ...headers, 'content-type': body.contentType } }
        : { headers, ...(body === undefined ? {} : { json: body.json }) }),
      responseType: 'binary',
      retrySafe: IDEMPOTENT.has(method),
    });
    const contentType = response.headers['content-type'];
    const file = response.body instanceof Uint8Array ? response.body : undefined;
    return {
      status: response.status,
      headers: response.headers,
      body: file === undefined ? response.body : null,
      ...(file === undefined ? {} : { body_base64: Buffer.from(file).toString('base64') }),
      ...(contentType === undefined ? {} : { content_type: contentType }),
    };
  },
});
