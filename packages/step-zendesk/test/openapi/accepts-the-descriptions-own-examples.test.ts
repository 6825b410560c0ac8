import { describe, expect, it, jest } from '@jest/globals';
import { zendeskOpenApi } from '../support/openapi-checker.js';
import { dereference, type Operation, zendeskOpenApiDocument } from '../support/openapi-document.js';

jest.setTimeout(120_000);

/** The example Zendesk's description gives under `components/examples/<name>`. */
function example(name: string): unknown {
  return (zendeskOpenApiDocument().components.examples[name] as { value: unknown }).value;
}

describe("the checker agrees with the examples of Zendesk's own description", () => {
  const openApi = zendeskOpenApi();

  it('accepts the ticket examples: create, update, show and list', () => {
    expect(openApi.checkRequest('POST', '/api/v2/tickets', example('TicketCreateRequestExample'))).toEqual({
      operationId: 'CreateTicket',
      problems: [],
    });
    expect(
      openApi.checkRequest('PUT', '/api/v2/tickets/35436', example('TicketUpdateRequestExample')),
    ).toEqual({
      operationId: 'UpdateTicket',
      problems: [],
    });
    expect(openApi.checkAnswer('POST', '/api/v2/tickets', 201, example('TicketResponseExample'))).toEqual([]);
    expect(
      openApi.checkAnswer('GET', '/api/v2/tickets/35436', 200, example('TicketResponseExample')),
    ).toEqual([]);
    expect(openApi.checkAnswer('GET', '/api/v2/tickets', 200, example('TicketsResponseExample'))).toEqual([]);
    expect(openApi.checkAnswer('DELETE', '/api/v2/tickets/35436', 204, undefined)).toEqual([]);
  });

  it('accepts every request and answer example the description holds, once its allowances apply', () => {
    const document = zendeskOpenApiDocument();
    const problems: string[] = [];
    let examples = 0;
    for (const [template, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item) as Array<[string, Operation]>) {
        if (method === 'parameters') continue;
        // Path parameters become 1: the examples are bodies, not addresses.
        const path = template.replace(/\{[^}]+\}/g, '1');
        const request = dereference(document, operation.requestBody)?.content?.['application/json'];
        for (const given of Object.values((request as { examples?: object })?.examples ?? {})) {
          examples += 1;
          const body = dereference<{ value: unknown }>(document, given).value;
          const found = openApi.checkRequest(method, path, body).problems;
          // Query parameters are no part of an example body.
          problems.push(...found.filter((problem) => !problem.startsWith('required query parameter')));
        }
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          const media = dereference(document, response)?.content?.['application/json'];
          for (const given of Object.values((media as { examples?: object })?.examples ?? {})) {
            examples += 1;
            const body = dereference<{ value: unknown }>(document, given).value;
            problems.push(...openApi.checkAnswer(method, path, Number(status), body));
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(examples).toBeGreaterThan(400);
  });
});
