import { defineStep, type Static, type StepContext, StepError, Type, withOptions } from '@toolsteps/sdk';
import { Owner, Ref, Repo, refSegment, repoPath, segments } from '../github-paths.js';

const GitRef = Type.Object({
  ref: Type.String({ description: 'refs/heads/<branch>' }),
  node_id: Type.String(),
  url: Type.String(),
  object: Type.Object({ type: Type.String(), sha: Type.String(), url: Type.String() }),
});

/** What the step reads of the answers it resolves `from` with. */
const DefaultBranch = Type.Object({ default_branch: Type.String() });
const RefTarget = Type.Object({ object: Type.Object({ type: Type.String(), sha: Type.String() }) });
const CommitSha = Type.Object({ sha: Type.String() });

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
      branch: withOptions(Ref, {
        description: 'Name of the new branch, without refs/heads/, e.g. feature/login',
      }),
      from: Type.Optional(
        withOptions(Ref, {
          description:
            "Branch, tag or commit sha to start from (tried in that order); default the repository's default branch",
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: GitRef,
  run: async (input, ctx) => {
    checkBranchName(input.branch);
    const sha = await resolveStart(ctx, input.owner, input.repo, input.from);
    const { body } = await ctx.http.request<Static<typeof GitRef>>({
      method: 'POST',
      path: repoPath(input.owner, input.repo, 'git', 'refs'),
      json: { ref: `refs/heads/${input.branch}`, sha },
      expect: GitRef,
    });
    return body;
  },
});

/** The step adds refs/heads/ itself: a full ref name would make refs/heads/refs/heads/x. */
function checkBranchName(branch: string): void {
  if (!branch.startsWith('refs/')) return;
  const name = branch.slice('refs/heads/'.length);
  const fix =
    branch.startsWith('refs/heads/') && !name.startsWith('refs/')
      ? `give "${name}", not "${branch}"`
      : 'give a name that does not start with refs/';
  throw new StepError({
    code: 'validation',
    field: '/args/branch',
    message: `branch is the new branch's name, without refs/heads/ (the step adds it): ${fix}; no branch was created`,
  });
}

/** The commit sha `from` names: a branch first, then a tag, then a commit (GitHub peels annotated tags there). */
async function resolveStart(
  ctx: StepContext,
  owner: string,
  repo: string,
  from: string | undefined,
): Promise<string> {
  const start =
    from ??
    (
      await ctx.http.request<Static<typeof DefaultBranch>>({
        method: 'GET',
        path: repoPath(owner, repo),
        expect: DefaultBranch,
      })
    ).body.default_branch;
  for (const kind of ['heads', 'tags']) {
    const { status, body } = await ctx.http.request<Static<typeof RefTarget>>({
      method: 'GET',
      path: repoPath(owner, repo, 'git', 'ref', kind, segments(start)),
      acceptStatus: [404],
      expect: RefTarget,
    });
    if (status === 200 && body.object.type === 'commit') return body.object.sha;
  }
  const { status, body } = await ctx.http.request<Static<typeof CommitSha>>({
    method: 'GET',
    path: repoPath(owner, repo, 'commits', refSegment(start)),
    acceptStatus: [404, 422],
    expect: CommitSha,
  });
  if (status === 200) return body.sha;
  throw new StepError({
    code: 'not_found',
    field: from === undefined ? undefined : '/args/from',
    message: `"${start}" is no branch, tag or commit of ${owner}/${repo}; no branch was created`,
  });
}
