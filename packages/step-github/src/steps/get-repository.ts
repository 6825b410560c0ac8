import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Owner, Repo, repoPath } from '../github-paths.js';
import { Repository } from '../repository-shapes.js';

export const getRepository = defineStep({
  id: 'github.get_repository',
  title: 'Get Repository Info',
  description:
    "Reads a repository: owner, visibility, default branch, counts and the connected account's permissions (GET /repos/{owner}/{repo}).",
  effect: 'read',
  input: Type.Object({ owner: Owner, repo: Repo }, { additionalProperties: false }),
  output: Repository,
  run: async (input, ctx) => {
    const { body } = await ctx.http.request<Static<typeof Repository>>({
      method: 'GET',
      path: repoPath(input.owner, input.repo),
      expect: Repository,
    });
    return body;
  },
});
