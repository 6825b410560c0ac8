import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import { RUN_STATUS_FILTERS } from '../../src/github-workflows.js';
import { RUN_CONCLUSIONS, RUN_STATUSES } from '../../src/testing/actions/actions-store.js';
import { DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

interface Parameter {
  name: string;
  in: string;
  $ref?: string;
  schema?: { enum?: string[] };
}

/** The `status` query parameter's enum of an operation of GitHub's OpenAPI description. */
function documentedStatuses(template: string): string[] {
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const document = JSON.parse(readFileSync(file, 'utf8'));
  const parameters: Parameter[] = document.paths[template].get.parameters.map((parameter: Parameter) =>
    parameter.$ref ? document.components.parameters[parameter.$ref.split('/').pop() as string] : parameter,
  );
  return parameters.find((parameter) => parameter.in === 'query' && parameter.name === 'status')?.schema
    ?.enum as string[];
}

const sorted = (values: readonly string[]) => [...values].sort();

/**
 * The step validates `status` with RUN_STATUS_FILTERS and the emulator models runs with its own
 * statuses and conclusions: both must be GitHub's list, or a filter passes one and fails the other.
 */
describe('the run status filter is the one GitHub documents, in the step and in the emulator', () => {
  const gh = useGithubEmulator();

  it.each([
    '/repos/{owner}/{repo}/actions/runs',
    '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs',
  ])('matches the status enum of GET %s', (template) => {
    const documented = sorted(documentedStatuses(template));
    expect(documented.length).toBeGreaterThan(10);
    expect(sorted(RUN_STATUS_FILTERS)).toEqual(documented);
    expect(sorted([...RUN_STATUSES, ...RUN_CONCLUSIONS])).toEqual(documented);
  });

  it('has the emulator accept every documented status and refuse any other', async () => {
    const runs = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}/actions/runs`;
    const statuses: Record<string, number> = {};
    for (const status of [...RUN_STATUS_FILTERS, 'done']) {
      statuses[status] = (await githubHttp(gh.emulator, 'GET', `${runs}?status=${status}`)).status;
    }
    expect(statuses).toEqual({
      ...Object.fromEntries(RUN_STATUS_FILTERS.map((status) => [status, 200])),
      done: 422,
    });
  });
});
