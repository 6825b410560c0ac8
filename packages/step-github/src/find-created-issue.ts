import { type ProbeFinding, type SentWrite, type Static, type StepContext, Type } from '@toolsteps/sdk';
import { repoPath } from './github-paths.js';
import { Issue } from './issue-shapes.js';
import { findOnPages } from './probe-pages.js';
import { carriesWriteMarker, sentSince } from './write-marker.js';

const Viewer = Type.Object({ login: Type.String() });

/**
 * Whether `create_issue` already opened its issue: the connected user's issues of the repository
 * updated since the send, newest created first, searched for the call's marker. The issue is the
 * step's output as GitHub serves it, as `run` returns the answer of its POST.
 */
export async function findCreatedIssue(
  { owner, repo }: { owner: string; repo: string },
  ctx: StepContext,
  sent: readonly SentWrite[],
): Promise<ProbeFinding<Static<typeof Issue>>> {
  const viewer = await ctx.http.request<Static<typeof Viewer>>({
    method: 'GET',
    path: 'user',
    expect: Viewer,
  });
  const since = sentSince(sent);
  const sinceMs = since === undefined ? undefined : Date.parse(since);
  const issue = await findOnPages<Static<typeof Issue>>(ctx, {
    what: `issues of ${owner}/${repo} by ${viewer.body.login}`,
    path: repoPath(owner, repo, 'issues'),
    query: { creator: viewer.body.login, state: 'all', sort: 'created', direction: 'desc', since },
    expect: Type.Array(Issue),
    matches: (candidate) => carriesWriteMarker(candidate.body, ctx.idempotencyKey),
    beyond: (candidate) => sinceMs !== undefined && Date.parse(candidate.created_at) < sinceMs,
  });
  return issue === undefined ? { happened: false } : { happened: true, result: issue };
}
