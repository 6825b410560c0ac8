import { defineStep, type Static, StepError, Type } from '@toolsteps/sdk';
import { Owner, Ref, Repo, refSegment, repoPath } from '../github-paths.js';
import { Commit } from '../repository-shapes.js';

export const getCommit = defineStep({
  id: 'github.get_commit',
  title: 'Get Commit',
  description:
    'Reads one commit with its message, author, parents and changed files; ref is a sha, a branch or a tag (GET /repos/{owner}/{repo}/commits/{ref}).',
  effect: 'read',
  input: Type.Object({ owner: Owner, repo: Repo, ref: Ref }, { additionalProperties: false }),
  output: Commit,
  run: async (input, ctx) => {
    try {
      const path = repoPath(input.owner, input.repo, 'commits', refSegment(input.ref));
      return (await ctx.http.request<Static<typeof Commit>>({ method: 'GET', path, expect: Commit })).body;
    } catch (error) {
      // GitHub answers an unknown ref with 422 "No commit found for SHA": to a workflow that is not_found.
      if (error instanceof StepError && error.status === 422) {
        throw new StepError({
          code: 'not_found',
          field: '/args/ref',
          status: 422,
          message: `"${input.ref}" is no commit, branch or tag of ${input.owner}/${input.repo} (${error.message})`,
          cause: error,
        });
      }
      throw error;
    }
  },
});
