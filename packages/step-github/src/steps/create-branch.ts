import { defineStep, type Static, type StepContext, StepError, Type } from '@toolsteps/engine';
import { Owner, Ref, Repo, repoPath, segments } from '../github-paths.js';

const GitRef = Type.Object({
  ref: Type.String({ description: 'refs/heads/<branch>' }),
  node_id: Type.String(),
  url: Type.String(),
  object: Type.Object({ type: Type.String(), sha: Type.String(), url: Type.String() }),
});

export const createBranch = defineStep({
  id: 'github.create_branch',
  title: 'Create Branch',
  description:
    'Creates a branch pointing at another branch, a tag or a commit (POST /repos/{owner}/{repo}/git/refs); from defaults to the default branch.',
  effect: 'write',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      branch: Type.String({
        minLength: 1,
        maxLength: 255,
        pattern: Ref.pattern,
        description: 'Name of the new branch, e.g. feature/login',
      }),
      from: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 255,
          pattern: Ref.pattern,
          description:
            "Branch, tag or commit sha to start from (tried in that order); default the repository's default branch",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: GitRef,
  run: async (input, ctx) => {
    const sha = await resolveStart(ctx, input.owner, input.repo, input.from);
    const { body } = await ctx.http.request<Static<typeof GitRef>>({
      method: 'POST',
      path: repoPath(input.owner, input.repo, 'git', 'refs'),
      json: { ref: `refs/heads/${input.branch}`, sha },
    });
    return body;
  },
});

/** The commit sha `from` names: a branch first, then a tag, then a commit (GitHub peels annotated tags there). */
async function resolveStart(
  ctx: StepContext,
  owner: string,
  repo: string,
  from: string | undefined,
): Promise<string> {
  const start =
    from ?? (await ctx.http.get<{ default_branch: string }>(repoPath(owner, repo))).body.default_branch;
  for (const kind of ['heads', 'tags']) {
    const { status, body } = await ctx.http.request<Static<typeof GitRef>>({
      method: 'GET',
      path: repoPath(owner, repo, 'git', 'ref', kind, segments(start)),
      acceptStatus: [404],
    });
    if (status === 200 && body.object.type === 'commit') return body.object.sha;
  }
  const { status, body } = await ctx.http.request<{ sha: string }>({
    method: 'GET',
    // One segment, a slash included (feature%2Fx), as GitHub reads a ref there.
    path: repoPath(owner, repo, 'commits', encodeURIComponent(start)),
    acceptStatus: [404, 422],
  });
  if (status === 200) return body.sha;
  throw new StepError({
    code: 'not_found',
    field: from === undefined ? undefined : '/args/from',
    message: `"${start}" is no branch, tag or commit of ${owner}/${repo}; no branch was created`,
  });
}
