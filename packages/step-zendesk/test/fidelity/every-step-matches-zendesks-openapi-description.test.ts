import { describe, expect, it, jest } from '@jest/globals';
import zendesk from '../../src/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';
import { exchangeProblems } from './exchange-problems.js';
import { fidelityOpenApi } from './fidelity-allowances.js';
import { zendeskHttp } from './zendesk-http.js';
import { STEP_CALLS } from './zendesk-step-calls.js';

jest.setTimeout(180_000);

/**
 * Runs every step of the integration against the emulator, with the inputs of
 * `zendesk-step-calls.ts`, and checks each exchange against Zendesk's official OpenAPI
 * description: the operation exists, the request body fits its schema and names only documented,
 * writable fields, and the answer fits the schema of its status.
 */
describe("every step's requests and the emulator's answers match Zendesk's OpenAPI description", () => {
  const zd = useZendeskEmulator();

  it('has realistic inputs for every step the integration lists', () => {
    const missing = zendesk.steps.map((step) => step.id).filter((id) => !STEP_CALLS[id]?.length);
    expect(
      missing.map((id) => `${id} has no calls in test/fidelity/zendesk-step-calls.ts: add a realistic input`),
    ).toEqual([]);
    const unknown = Object.keys(STEP_CALLS).filter((id) => !zendesk.steps.some((step) => step.id === id));
    expect(unknown.map((id) => `${id} is in zendesk-step-calls.ts but not in the integration`)).toEqual([]);
  });

  it('finds no difference', async () => {
    const openApi = fidelityOpenApi();
    const upload = await zendeskHttp(zd.emulator, 'POST', '/api/v2/uploads.json?filename=clicking.mp4', {
      raw: { content: new TextEncoder().encode('not really a video'), contentType: 'video/mp4' },
    });
    const results: Record<string, any> = { upload: upload.responseBody };
    const problems = exchangeProblems(openApi, upload).problems.map((problem) => `upload: ${problem}`);
    const operations = new Set<string>();
    let exchanges = 0;
    for (const step of zendesk.steps) {
      for (const call of STEP_CALLS[step.id] ?? []) {
        const outcome = await zd.run(step, call.input(results));
        if (!outcome.ok) throw new Error(`${call.label} (${step.id}) failed: ${outcome.error?.message}`);
        results[call.label] = outcome.result;
        for (const exchange of outcome.exchanges) {
          exchanges += 1;
          const checked = exchangeProblems(openApi, exchange);
          if (checked.operationId) operations.add(checked.operationId);
          const label = `${call.label} (${step.id}) ${exchange.method} ${exchange.path}`;
          problems.push(...checked.problems.map((problem) => `${label}: ${problem}`));
        }
      }
    }
    expect(problems).toEqual([]);
    // Every request the emulator received was one the engine recorded, so none went unchecked.
    expect(zd.emulator.requests).toHaveLength(exchanges + 1);
    // Floors, so a walk that silently stopped checking fails.
    expect(exchanges).toBeGreaterThanOrEqual(12);
    expect([...operations].sort()).toEqual(
      expect.arrayContaining([
        'CreateTicket',
        'DeleteTicket',
        'DeleteTicketPermanently',
        'DeleteTagsTicket',
        'ListTicketComments',
        'PutTagsTicket',
        'ShowTicket',
        'UpdateTicket',
      ]),
    );
  });
});
