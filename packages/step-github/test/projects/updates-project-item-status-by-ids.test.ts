import { describe, expect, it } from '@jest/globals';
import { updateProjectItemStatus } from '../../src/steps/update-project-item-status.js';
import { DEMO_ISSUES } from '../../src/testing/index.js';
import { useGithubEmulator } from '../github-fixture.js';
import { projectState } from './project-state.js';

describe('github.update_project_item_status by node ids', () => {
  const gh = useGithubEmulator();
  const projects = projectState(() => gh.emulator.state);
  const ids = () => {
    const roadmap = projects.project('octo-org', 1);
    const status = roadmap.fields.find((field) => field.name === 'Status')!;
    return {
      project_id: roadmap.id,
      item_id: projects.item('octo-org', 1, DEMO_ISSUES.darkMode)!.id,
      field_id: status.id,
      option_id: status.options.find((option) => option.name === 'Done')!.id,
    };
  };

  it('checks the ids, sets the option and reports its name', async () => {
    const input = ids();
    const outcome = await gh.run(updateProjectItemStatus, input);

    expect(outcome.ok).toBe(true);
    expect(outcome.result).toEqual({ ...input, status: 'Done' });
    expect(projects.status('octo-org', 1, DEMO_ISSUES.darkMode)).toBe('Done');
    expect(gh.emulator.requests).toHaveLength(2);
    expect(gh.emulator.requests[1].body).toMatchObject({
      variables: {
        projectId: input.project_id,
        itemId: input.item_id,
        fieldId: input.field_id,
        optionId: input.option_id,
      },
    });
  });

  describe('refusals that change nothing', () => {
    async function refused(input: Record<string, unknown>) {
      const before = projects.snapshot();
      const outcome = await gh.run(updateProjectItemStatus, input);
      expect(outcome.ok).toBe(false);
      expect(projects.snapshot()).toEqual(before);
      // Only the checking query went out: no mutation.
      expect(gh.emulator.requests.length).toBeLessThanOrEqual(1);
      return outcome.error!;
    }

    it('fails validation for an option of another field, listing the options', async () => {
      const error = await refused({ ...ids(), option_id: 'ffffffff' });
      expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/option_id' });
      expect(error.message).toMatch(
        /Option ffffffff is not one of field "Status": \w+ \(Todo\), \w+ \(In Progress\), \w+ \(Done\)/,
      );
    });

    it('fails validation for an item of another project', async () => {
      const board = projects.project('octocat', 2);
      const other = gh.emulator.state.projects.addItem(board, 'octo-org/hello-world', DEMO_ISSUES.passkeys);
      const error = await refused({ ...ids(), item_id: other.id });
      expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/item_id' });
    });

    it('fails validation for a field of another project', async () => {
      const board = projects.project('octocat', 2);
      const error = await refused({
        ...ids(),
        field_id: board.fields.find((field) => field.name === 'Status')!.id,
      });
      expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/field_id' });
    });

    it('fails validation for a field that is not single-select', async () => {
      const notes = projects.project('octo-org', 1).fields.find((field) => field.name === 'Notes')!;
      const error = await refused({ ...ids(), field_id: notes.id });
      expect(error).toMatchObject({ code: 'validation', field: '/steps/0/args/field_id' });
      expect(error.message).toContain('The field "Notes"');
      expect(error.message).toContain('is not a single-select field');
    });

    it("fails not_found for an unknown item id, quoting GitHub's GraphQL error", async () => {
      const error = await refused({ ...ids(), item_id: 'PVTI_nope' });
      expect(error.code).toBe('not_found');
      expect(error.message).toContain("Could not resolve to a node with the global id of 'PVTI_nope'");
    });

    describe('before sending anything', () => {
      async function refusedBeforeSending(input: Record<string, unknown>) {
        const error = await refused(input);
        expect(gh.emulator.requests).toHaveLength(0);
        expect(error.code).toBe('validation');
        return error;
      }

      it('names a missing id', async () => {
        const input: Record<string, unknown> = ids();
        delete input.option_id;
        const error = await refusedBeforeSending(input);
        expect(error).toMatchObject({ field: '/steps/0/args/option_id' });
        expect(error.message).toContain('args/option_id is required');
      });

      it('names what the names form misses', async () => {
        const error = await refusedBeforeSending({
          owner: 'octo-org',
          project_number: 1,
          repository: 'hello-world',
          issue_number: 1,
        });
        expect(error.message).toContain('args/status is required');
      });

      it('refuses a mix of both forms', async () => {
        const error = await refusedBeforeSending({ ...ids(), status: 'Done' });
        expect(error).toMatchObject({ field: '/steps/0/args/status' });
        expect(error.message).toContain(
          'args/status unknown property "status" (allowed: project_id, item_id, field_id, option_id)',
        );
      });

      it.each([
        ['owner', 'octo-org/x'],
        ['repository', '..'],
        ['repository_owner', 'octo?org'],
      ])('refuses %s %j', async (field, value) => {
        const error = await refusedBeforeSending({
          owner: 'octo-org',
          project_number: 1,
          repository: 'hello-world',
          issue_number: 1,
          status: 'Done',
          [field]: value,
        });
        // The input is an anyOf: only the form the input was meant for is reported, at the field at fault.
        expect(error).toMatchObject({ field: `/steps/0/args/${field}` });
        expect(error.message).toContain(`args/${field} must be one path segment`);
        expect(error.message).not.toContain('project_id');
      });
    });
  });
});
