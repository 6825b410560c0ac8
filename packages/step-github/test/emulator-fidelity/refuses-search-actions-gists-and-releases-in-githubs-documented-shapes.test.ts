import { describe, expect, it } from '@jest/globals';
import { createGist } from '../../src/steps/create-gist.js';
import { createWorkflowDispatch } from '../../src/steps/create-workflow-dispatch.js';
import { disableWorkflow } from '../../src/steps/disable-workflow.js';
import { enableWorkflow } from '../../src/steps/enable-workflow.js';
import { getWorkflowRun } from '../../src/steps/get-workflow-run.js';
import { listGistsForUser } from '../../src/steps/list-gists-for-user.js';
import { listReleases } from '../../src/steps/list-releases.js';
import { listWorkflowRuns } from '../../src/steps/list-workflow-runs.js';
import { searchIssues } from '../../src/steps/search-issues.js';
import { updateGist } from '../../src/steps/update-gist.js';
import { DEMO_REPO, MONA_TOKEN, PRIVATE_REPO, SPOON_KNIFE_REPO } from '../../src/testing/index.js';
import { useDocumentedAnswers } from './documented-answers.js';

const REPO = `/repos/${DEMO_REPO.owner}/${DEMO_REPO.repo}`;
const DEPLOY = { ...DEMO_REPO, workflow_id: 'deploy.yml', ref: 'main', inputs: { environment: 'staging' } };
const WORKFLOWS = `${REPO}/actions/workflows`;

/** The description gives the Actions routes no error answers at all; GitHub's are its usual error bodies. */
const ACTIONS_GAP =
  'GitHub answers 404 (unknown workflow or run, hidden repository), 403 (no push access) and 422 (a dispatch it cannot start); the description lists only success';
const GAPS = {
  ...Object.fromEntries(
    [
      `POST ${WORKFLOWS}/deploy.yml/dispatches 422`,
      `POST ${WORKFLOWS}/ci.yml/dispatches 422`,
      `POST ${WORKFLOWS}/nightly.yml/dispatches 422`,
      `POST ${WORKFLOWS}/nope.yml/dispatches 404`,
      `POST ${WORKFLOWS}/deploy.yml/dispatches 403`,
      `PUT ${WORKFLOWS}/nightly.yml/enable 403`,
      `PUT ${WORKFLOWS}/nope.yml/enable 404`,
      `PUT ${WORKFLOWS}/424242/disable 404`,
      `GET ${REPO}/actions/runs/1 404`,
      `GET /repos/${PRIVATE_REPO.owner}/${PRIVATE_REPO.repo}/actions/runs 404`,
      `GET ${REPO}/actions/runs?status=done 422`,
      `GET ${WORKFLOWS}/nope.yml/runs 404`,
    ].map((key) => [key, ACTIONS_GAP]),
  ),
  'GET /users/nobody-here/gists 404': 'GitHub answers 404 for an unknown user; the description lists no 404',
};

/** Each refusal the search, Actions, gist and release steps can meet, judged by GitHub's description. */
describe("the search, Actions, gist and release routes refuse in GitHub's documented shapes", () => {
  const walk = useDocumentedAnswers(GAPS);
  const asMona = () => ({ account: walk.gh.emulator.accountFor('mona', MONA_TOKEN) });
  const statuses = () => walk.statuses().map((line) => Number(line.split(' ').pop()));

  it('search: bad qualifiers, hidden repositories, a missing query', async () => {
    await walk.step(searchIssues, { q: 'is:blue' });
    await walk.step(
      searchIssues,
      { q: `repo:${PRIVATE_REPO.owner}/${PRIVATE_REPO.repo} is:issue` },
      asMona(),
    );
    await walk.http('GET', '/search/issues', { offSchema: true });
    expect(statuses()).toEqual([422, 422, 422]);
    expect(walk.problems()).toEqual([]);
  });

  it('actions: unknown workflows, refs and runs, refused dispatches, no push access', async () => {
    await walk.step(createWorkflowDispatch, { ...DEPLOY, ref: 'no-such-branch' });
    await walk.step(createWorkflowDispatch, { ...DEPLOY, inputs: { dry_run: true } });
    await walk.step(createWorkflowDispatch, { ...DEPLOY, inputs: { environment: 'moon' } });
    await walk.step(createWorkflowDispatch, { ...DEPLOY, workflow_id: 'ci.yml', inputs: {} });
    await walk.step(createWorkflowDispatch, { ...DEPLOY, workflow_id: 'nightly.yml', inputs: {} });
    await walk.step(createWorkflowDispatch, { ...DEPLOY, workflow_id: 'nope.yml' });
    await walk.step(createWorkflowDispatch, DEPLOY, asMona());
    await walk.step(enableWorkflow, { ...DEMO_REPO, workflow_id: 'nightly.yml' }, asMona());
    await walk.step(enableWorkflow, { ...DEMO_REPO, workflow_id: 'nope.yml' });
    await walk.step(disableWorkflow, { ...DEMO_REPO, workflow_id: 424242 });
    await walk.step(getWorkflowRun, { ...DEMO_REPO, run_id: 1 });
    await walk.step(listWorkflowRuns, { ...PRIVATE_REPO }, asMona());
    await walk.http('GET', `${REPO}/actions/runs?status=done`, { offSchema: true });
    await walk.http('GET', `${REPO}/actions/workflows/nope.yml/runs`);
    expect(statuses()).toEqual([422, 422, 422, 422, 422, 404, 403, 403, 404, 404, 404, 404, 422, 404]);
    expect(walk.problems()).toEqual([]);
  });

  it("gists: unknown ids and users, someone else's gist, impossible edits", async () => {
    const hubots = walk.gh.emulator.state.gists.ofUser('hubot', true)[0];
    const octocats = walk.gh.emulator.state.gists.ofUser('octocat', true)[0];
    await walk.step(updateGist, { gist_id: hubots.id, description: 'hijacked' });
    await walk.step(updateGist, { gist_id: 'deadbeef', description: 'x' });
    await walk.step(updateGist, { gist_id: octocats.id, files: { 'ghost.txt': null } });
    await walk.step(updateGist, { gist_id: octocats.id, description: 'mine now' }, asMona());
    await walk.step(listGistsForUser, { username: 'nobody-here' });
    await walk.step(createGist, { files: { 'a.txt': 'a' } }, asMona());
    await walk.http('POST', '/gists', { body: { files: {} } });
    await walk.http('GET', '/gists/deadbeef');
    expect(statuses()).toEqual([404, 404, 422, 404, 404, 201, 422, 404]);
    expect(walk.problems()).toEqual([]);
  });

  it('releases: unknown and hidden repositories, no latest release, unknown tags', async () => {
    await walk.step(listReleases, { owner: 'octo-org', repo: 'nope' });
    await walk.step(listReleases, PRIVATE_REPO, asMona());
    await walk.http('GET', `/repos/${SPOON_KNIFE_REPO.owner}/${SPOON_KNIFE_REPO.repo}/releases/latest`);
    await walk.http('GET', `${REPO}/releases/tags/v9.9.9`);
    expect(statuses()).toEqual([404, 404, 404, 404]);
    expect(walk.problems()).toEqual([]);
  });
});
