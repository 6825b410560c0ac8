import { describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import github from '../../src/index.js';
import { getRepository } from '../../src/steps/get-repository.js';
import { searchIssues } from '../../src/steps/search-issues.js';
import { updateProjectItemStatus } from '../../src/steps/update-project-item-status.js';
import { DEMO_ISSUES, DEMO_REPO } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const SEARCH = { q: 'repo:octo-org/hello-world is:issue' };

describe('GitHub counts REST, search and GraphQL calls against separate quotas, and so does the engine', () => {
  const gh = useGithubEmulator({ fakeClock: true });

  /** What the emulator had answered when the clock slept, for each sleep. */
  function answersAtEachSleep(): Array<Array<number | undefined>> {
    const seen: Array<Array<number | undefined>> = [];
    gh.clock.onSleep = () => seen.push(gh.emulator.requests.map((request) => request.status));
    return seen;
  }

  it('a spent search quota holds searches only: a core call still goes at once', async () => {
    gh.emulator.setQuota('octocat', { resource: 'search', remaining: 0, resetInS: 40 });
    const core = await gh.run(getRepository, DEMO_REPO);
    expect(core.ok).toBe(true);
    expect(gh.clock.sleeps).toEqual([]);

    const search = await gh.run(searchIssues, SEARCH);
    expect(search.ok).toBe(true);
    expect(gh.clock.sleeps).toEqual([40_000]);
    expect(gh.emulator.requests.map((request) => [request.path, request.status])).toEqual([
      ['/repos/octo-org/hello-world', 200],
      ['/search/issues', 403],
      ['/search/issues', 200],
    ]);
  });

  it('within one run, the last search call left holds the next search, not the REST call between', async () => {
    gh.emulator.setQuota('octocat', { resource: 'search', remaining: 1, resetInS: 25 });
    const sleeps = answersAtEachSleep();
    const engine = await createEngine({
      integrations: [github],
      accounts: [gh.emulator.account],
      clock: gh.clock,
    });
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'search-rest-search',
        steps: [
          { id: 'first', step: 'github.search_issues', args: SEARCH },
          { id: 'repo', step: 'github.get_repository', args: DEMO_REPO },
          { id: 'second', step: 'github.search_issues', args: SEARCH },
        ],
      }),
    });
    const result = await engine.run(workflow, {});
    expect(result.status).toBe('succeeded');
    expect(gh.clock.sleeps).toEqual([25_000]);
    // When the engine waited, the first search and the REST call had both been answered, none refused.
    expect(sleeps).toEqual([[200, 200]]);
    expect(gh.emulator.requests.map((request) => request.status)).toEqual([200, 200, 200]);
  });

  it('a spent core quota leaves GraphQL calls free, while REST calls wait for the core reset', async () => {
    gh.emulator.setQuota('octocat', { resource: 'core', remaining: 0, resetInS: 30 });
    const graphql = await gh.run(updateProjectItemStatus, {
      owner: 'octo-org',
      project_number: 1,
      repository: 'hello-world',
      issue_number: DEMO_ISSUES.darkMode,
      status: 'Done',
    });
    expect(graphql.ok).toBe(true);
    expect(gh.clock.sleeps).toEqual([]);
    expect(
      gh.emulator.requests.every((request) => request.path === '/graphql' && request.status === 200),
    ).toBe(true);

    const core = await gh.run(getRepository, DEMO_REPO);
    expect(core.ok).toBe(true);
    expect(gh.clock.sleeps).toEqual([30_000]);
  });
});
