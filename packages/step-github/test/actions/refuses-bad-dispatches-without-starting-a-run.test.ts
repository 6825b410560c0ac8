import { describe, expect, it } from '@jest/globals';
import { createWorkflowDispatch } from '../../src/steps/create-workflow-dispatch.js';
import { DEMO_TOKEN, MONA_TOKEN, repoKey } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';

const REPO = { owner: 'octo-org', repo: 'hello-world' };
const KEY = repoKey(REPO.owner, REPO.repo);
const DEPLOY = { ...REPO, workflow_id: 'deploy.yml', ref: 'main', inputs: { environment: 'staging' } };

describe('github.create_workflow_dispatch refuses bad dispatches and starts no run', () => {
  const gh = useGithubEmulator();
  const runCount = () => gh.emulator.state.actions.runs(KEY).length;

  /** Runs the dispatch, expects it to fail, and checks that no run was created. */
  async function refused(input: Record<string, unknown>, options = {}) {
    const before = runCount();
    const outcome = await gh.run(createWorkflowDispatch, input, options);
    expect(outcome.ok).toBe(false);
    expect(runCount()).toBe(before);
    return outcome;
  }

  it.each([
    ['an unknown ref', { ref: 'no-such-branch' }, 'No ref found for: no-such-branch'],
    [
      'a commit sha instead of a branch or tag',
      { ref: '0123456789abcdef0123456789abcdef01234567' },
      'No ref found for: 0123456789abcdef0123456789abcdef01234567',
    ],
    ['a missing required input', { inputs: { dry_run: true } }, "Required input 'environment' not provided"],
    [
      'an unexpected input',
      { inputs: { environment: 'staging', colour: 'blue' } },
      'Unexpected inputs provided: ["colour"]',
    ],
    [
      'a value outside a choice',
      { inputs: { environment: 'moon' } },
      "Provided value 'moon' for input 'environment' not in the list of allowed values",
    ],
    [
      'a non-boolean for a boolean input',
      { inputs: { environment: 'staging', dry_run: 'maybe' } },
      "Provided value 'maybe' for input 'dry_run' is not a valid boolean",
    ],
    [
      'a disabled workflow',
      { workflow_id: 'nightly.yml', inputs: {} },
      "Cannot trigger a 'workflow_dispatch' on a disabled workflow",
    ],
    [
      'a workflow without the trigger',
      { workflow_id: 'ci.yml', inputs: {} },
      "Workflow does not have 'workflow_dispatch' trigger",
    ],
  ])('fails validation on %s, quoting GitHub', async (_what, change, message) => {
    const outcome = await refused({ ...DEPLOY, ...change });
    expect(outcome.error).toMatchObject({ code: 'validation', status: 422 });
    expect(outcome.error?.message).toContain(message);
  });

  it('fails not_found for a workflow the repository does not have', async () => {
    const outcome = await refused({ ...DEPLOY, workflow_id: 'release.yml' });
    expect(outcome.error).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('fails forbidden for a user without push access', async () => {
    const outcome = await refused(DEPLOY, { account: gh.emulator.accountFor('mona', MONA_TOKEN) });
    expect(outcome.error).toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('fails unauthorized once the token is revoked, without echoing it', async () => {
    gh.emulator.revokeToken(DEMO_TOKEN);
    const outcome = await refused(DEPLOY);
    expect(outcome.error).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(outcome.error?.message).toContain('Bad credentials');
    expect(JSON.stringify(outcome)).not.toContain(DEMO_TOKEN);
  });

  describe('before sending anything', () => {
    async function refusedBeforeSending(input: Record<string, unknown>) {
      const outcome = await refused(input);
      expect(gh.emulator.requests).toHaveLength(0);
      expect(outcome.error?.code).toBe('validation');
      return outcome.error!;
    }

    it.each(['workflow_id', 'ref', 'owner', 'repo'])('names the missing required %s', async (field) => {
      const input: Record<string, unknown> = { ...DEPLOY };
      delete input[field];
      const error = await refusedBeforeSending(input);
      expect(error.message).toContain(`"${field}"`);
    });

    it.each([
      ['owner', 'octo-org/other'],
      ['owner', '..'],
      ['repo', 'hello-world?x=1'],
      ['repo', '../../users'],
      ['workflow_id', '../ci.yml'],
      ['workflow_id', 'ci.yml?x'],
      ['ref', '../main'],
      ['ref', 'main?x'],
    ])('refuses %s %j that would change the request', async (field, value) => {
      const error = await refusedBeforeSending({ ...DEPLOY, [field]: value });
      expect(error.field).toBe(`/steps/0/args/${field}`);
    });

    it('refuses more than 25 inputs', async () => {
      const inputs = Object.fromEntries(Array.from({ length: 26 }, (_, index) => [`i${index}`, 'x']));
      const error = await refusedBeforeSending({ ...DEPLOY, inputs });
      expect(error.field).toBe('/steps/0/args/inputs');
    });
  });
});
