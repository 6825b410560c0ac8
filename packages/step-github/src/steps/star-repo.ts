import { defineStep, Type } from '@toolsteps/sdk';
import { Owner, Repo, segment } from '../github-paths.js';

export const starRepo = defineStep({
  id: 'github.star_repo',
  title: 'Star Repo',
  description:
    'Stars a repository for the connected user (PUT /user/starred/{owner}/{repo}); starring twice is harmless.',
  effect: 'write',
  // A second PUT /user/starred leaves the one star there is.
  idempotent: true,
  input: Type.Object({ owner: Owner, repo: Repo }, { additionalProperties: false }),
  output: Type.Object({ owner: Type.String(), repo: Type.String(), starred: Type.Literal(true) }),
  run: async (input, ctx) => {
    await ctx.http.request({
      method: 'PUT',
      path: `user/starred/${segment(input.owner)}/${segment(input.repo)}`,
      // GitHub makes starring idempotent: a repeated PUT leaves one star.
      retrySafe: true,
    });
    return { owner: input.owner, repo: input.repo, starred: true as const };
  },
});
