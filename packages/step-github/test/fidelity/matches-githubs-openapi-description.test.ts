import { describe, expect, it, jest } from '@jest/globals';
import type { HttpExchange } from '@toolsteps/engine';
import { testStep } from '@toolsteps/engine/testing';
import github from '../../src/index.js';
import { createGithubEmulator } from '../../src/testing/index.js';
import { GithubOpenApi } from './github-openapi.js';
import { STEP_CALLS } from './github-step-calls.js';

jest.setTimeout(120_000);

/**
 * Walks every step against the emulator and checks each REST exchange against GitHub's official
 * OpenAPI description (@octokit/openapi): the request's method, path, path and query parameters and
 * JSON body, then the answer's status and body. GraphQL calls are checked by the emulator itself,
 * which executes them against a GraphQL schema with graphql-js.
 */
describe("every step's requests and the emulator's answers match GitHub's OpenAPI description", () => {
  it('finds no difference', async () => {
    const openApi = new GithubOpenApi();
    const emulator = await createGithubEmulator();
    const results: Record<string, unknown> = {};
    const problems: string[] = [];
    const operations = new Set<string>();
    const stepsCovered = new Set<string>();
    let restExchanges = 0;
    let graphqlExchanges = 0;
    try {
      for (const call of STEP_CALLS) {
        const outcome = await testStep(call.step, call.input(results), { account: emulator.account });
        if (!outcome.ok) throw new Error(`${call.label} (${call.step.id}) failed: ${outcome.error?.message}`);
        results[call.label] = outcome.result;
        stepsCovered.add(call.step.id);
        for (const exchange of outcome.exchanges) {
          if (new URL(exchange.path, 'http://x').pathname === '/graphql') {
            graphqlExchanges += 1;
            continue;
          }
          restExchanges += 1;
          const label = `${call.label} (${call.step.id}) ${exchange.method} ${exchange.path}`;
          const request = openApi.checkRequest(exchange);
          if (request.operationId) operations.add(request.operationId);
          problems.push(...request.problems.map((problem) => `${label}: request ${problem}`));
          problems.push(...responseProblems(openApi, exchange).map((problem) => `${label}: ${problem}`));
        }
      }
    } finally {
      await emulator.close();
    }
    if (process.env.FIDELITY_REPORT) {
      process.stdout.write(
        `${JSON.stringify({ steps: stepsCovered.size, restExchanges, operations: operations.size, graphqlExchanges }, null, 2)}\n`,
      );
    }
    expect(problems).toEqual([]);
    // Floors, so a walk that silently stopped checking most exchanges fails.
    expect(restExchanges).toBeGreaterThanOrEqual(60);
    expect(operations.size).toBeGreaterThanOrEqual(40);
    expect(graphqlExchanges).toBeGreaterThanOrEqual(3);
    expect([...stepsCovered].sort()).toEqual(github.steps.map((step) => step.id).sort());
  });
});

function responseProblems(openApi: GithubOpenApi, exchange: HttpExchange): string[] {
  return openApi.checkResponse(exchange).map((problem) => `response ${problem}`);
}
