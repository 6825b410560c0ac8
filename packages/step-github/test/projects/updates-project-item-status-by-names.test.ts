import { describe, expect, it } from '@jest/globals';
import { updateProjectItemStatus } from '../../src/steps/update-project-item-status.js';
import { DEMO_ISSUES, DEMO_TOKEN, MONA_TOKEN } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { projectState } from './project-state.js';

/** octo-org's project #1 "Roadmap" holds issue #1 (Todo) and #2 (In Progress). */
const ROADMAP = { owner: 'octo-org', project_number: 1, repository: 'hello-world' };

interface Changed {
  project_id: string;
  item_id: string;
  field_id: string;
  option_id: string;
  status: string;
  added?: boolean;
}

describe('github.update_project_item_status by project number, issue and status name', () => {
  const gh = useGithubEmulator();
  const projects = projectState(() => gh.emulator.state);
  const update = (input: Record<string, unknown>, options = {}) =>
    gh.run<Changed>(updateProjectItemStatus, input, options);

  it('moves an issue to a status named in any case, resolving every id in one query', async () => {
    expect(projects.status('octo-org', 1, DEMO_ISSUES.safariCrash)).toBe('Todo');
    const outcome = await update({
      ...ROADMAP,
      issue_number: DEMO_ISSUES.safariCrash,
      status: ' in progress ',
    });

    expect(outcome.ok).toBe(true);
    const roadmap = projects.project('octo-org', 1);
    const status = roadmap.fields.find((field) => field.name === 'Status')!;
    expect(outcome.result).toEqual({
      project_id: roadmap.id,
      item_id: projects.item('octo-org', 1, DEMO_ISSUES.safariCrash)?.id,
      field_id: status.id,
      option_id: status.options.find((option) => option.name === 'In Progress')?.id,
      status: 'In Progress',
      added: false,
    });
    expect(projects.status('octo-org', 1, DEMO_ISSUES.safariCrash)).toBe('In Progress');
    expect(gh.emulator.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /graphql',
      'POST /graphql',
    ]);
    expect((gh.emulator.requests[1].body as { query: string }).query).toContain(
      'updateProjectV2ItemFieldValue',
    );
  });

  it("adds an issue to a user's project first when add_if_missing is set", async () => {
    const outcome = await update({
      owner: 'octocat',
      project_number: 2,
      repository_owner: 'octo-org',
      repository: 'hello-world',
      issue_number: DEMO_ISSUES.sessionExpiry,
      status: 'doing',
      add_if_missing: true,
    });

    expect(outcome.ok).toBe(true);
    expect(outcome.result).toMatchObject({ status: 'Doing', added: true });
    expect(projects.item('octocat', 2, DEMO_ISSUES.sessionExpiry)?.id).toBe(outcome.result?.item_id);
    expect(projects.status('octocat', 2, DEMO_ISSUES.sessionExpiry)).toBe('Doing');
    expect((gh.emulator.requests[1].body as { query: string }).query).toContain('addProjectV2ItemById');
  });

  it('moves a pull request the same way', async () => {
    const outcome = await update({
      ...ROADMAP,
      issue_number: DEMO_ISSUES.loginPull,
      status: 'Done',
      add_if_missing: true,
    });
    expect(outcome.result).toMatchObject({ status: 'Done', added: true });
    expect(projects.status('octo-org', 1, DEMO_ISSUES.loginPull)).toBe('Done');
  });

  it('sets another single-select field named by field', async () => {
    const roadmap = projects.project('octo-org', 1);
    gh.emulator.state.projects.addField(roadmap, 'Priority', 'SINGLE_SELECT', ['Low', 'High']);
    const outcome = await update({
      ...ROADMAP,
      issue_number: DEMO_ISSUES.darkMode,
      field: 'Priority',
      status: 'HIGH',
    });

    expect(outcome.result).toMatchObject({ status: 'High' });
    expect(projects.status('octo-org', 1, DEMO_ISSUES.darkMode, 'Priority')).toBe('High');
    expect(projects.status('octo-org', 1, DEMO_ISSUES.darkMode)).toBe('In Progress');
  });

  describe('refusals that change nothing', () => {
    /** Runs the step, expects failure, and checks that no project, item or value changed. */
    async function refused(input: Record<string, unknown>, options = {}) {
      const before = projects.snapshot();
      const outcome = await update(input, options);
      expect(outcome.ok).toBe(false);
      expect(projects.snapshot()).toEqual(before);
      const mutations = gh.emulator.requests.filter((request) =>
        JSON.stringify(request.body ?? '').includes('mutation'),
      );
      return { error: outcome.error!, mutations };
    }

    it('fails validation on an unknown status name, listing the valid ones', async () => {
      const { error, mutations } = await refused({
        ...ROADMAP,
        issue_number: DEMO_ISSUES.sessionExpiry,
        status: 'Blocked',
        add_if_missing: true,
      });
      expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/status' });
      expect(error.message).toContain('"Blocked" is not a Status of project "Roadmap"');
      expect(error.message).toContain('use one of: Todo, In Progress, Done');
      // Not even the add_if_missing addition happened.
      expect(mutations).toHaveLength(0);
    });

    it('fails not_found when the issue is not in the project and add_if_missing is not set', async () => {
      const { error, mutations } = await refused({
        ...ROADMAP,
        issue_number: DEMO_ISSUES.sessionExpiry,
        status: 'Done',
      });
      expect(error.code).toBe('not_found');
      expect(error.message).toContain(
        'Issue #3 of octo-org/hello-world is not in project "Roadmap" (#1 of octo-org)',
      );
      expect(error.message).toContain('add_if_missing');
      expect(mutations).toHaveLength(0);
    });

    it("fails not_found for an unknown project number, quoting GitHub's GraphQL error", async () => {
      const { error } = await refused({ ...ROADMAP, project_number: 9, issue_number: 1, status: 'Done' });
      expect(error.code).toBe('not_found');
      expect(error.message).toContain('Could not resolve to a ProjectV2 with the number 9.');
      expect(error.details).toMatchObject({
        errors: [{ type: 'NOT_FOUND', path: ['repositoryOwner', 'projectV2'] }],
      });
    });

    it('fails not_found for an unknown issue number, quoting GitHub', async () => {
      const { error } = await refused({ ...ROADMAP, issue_number: 99, status: 'Done' });
      expect(error.code).toBe('not_found');
      expect(error.message).toContain('Could not resolve to an issue or pull request with the number of 99.');
    });

    it('fails not_found for an owner that does not exist', async () => {
      const { error } = await refused({
        ...ROADMAP,
        owner: 'no-such-org',
        repository_owner: 'octo-org',
        issue_number: 1,
        status: 'Done',
      });
      expect(error).toMatchObject({ code: 'not_found', field: '/steps/0/args/owner' });
      expect(error.message).toContain('no user or organization named no-such-org');
    });

    it('fails validation for a field that is not single-select, or not there', async () => {
      const text = await refused({ ...ROADMAP, issue_number: 1, field: 'Notes', status: 'Done' });
      expect(text.error.message).toContain(
        'The field "Notes" of project "Roadmap" (#1 of octo-org) is not a single-select field',
      );
      const missing = await refused({ ...ROADMAP, issue_number: 1, field: 'Size', status: 'Done' });
      expect(missing.error.message).toContain('project "Roadmap" (#1 of octo-org) has no field named "Size"');
    });

    it("hides an organization's private project from a non-member", async () => {
      const { error } = await refused(
        { ...ROADMAP, issue_number: 1, status: 'Done' },
        { account: gh.emulator.accountFor('mona', MONA_TOKEN) },
      );
      expect(error.code).toBe('not_found');
      expect(error.message).toContain('Could not resolve to a ProjectV2 with the number 1.');
    });

    it("fails forbidden changing someone else's public project", async () => {
      const board = projects.project('octocat', 2);
      gh.emulator.state.projects.addItem(board, 'octo-org/hello-world', DEMO_ISSUES.safariCrash);
      const { error } = await refused(
        {
          owner: 'octocat',
          project_number: 2,
          repository_owner: 'octo-org',
          repository: 'hello-world',
          issue_number: 1,
          status: 'Done',
        },
        { account: gh.emulator.accountFor('mona', MONA_TOKEN) },
      );
      expect(error.code).toBe('forbidden');
      expect(error.message).toContain('mona does not have permission to update project 2.');
    });

    it('fails unauthorized once the token is revoked', async () => {
      gh.emulator.revokeToken(DEMO_TOKEN);
      const { error } = await refused({ ...ROADMAP, issue_number: 1, status: 'Done' });
      expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
      expect(JSON.stringify(error)).not.toContain(DEMO_TOKEN);
    });
  });
});
