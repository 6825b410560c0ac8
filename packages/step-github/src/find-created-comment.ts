import { type ProbeFinding, type SentWrite, type Static, type StepContext, Type } from '@toolsteps/sdk';
import { repoPath, segment } from './github-paths.js';
import { IssueComment } from './issue-shapes.js';
import { findOnPages } from './probe-pages.js';
import { carriesWriteMarker, sentSince } from './write-marker.js';

/**
 * Whether `create_issue_comment` already posted its comment: the issue's comments updated since the
 * send (oldest first, as GitHub lists them), searched for the call's marker. The comment is the
 * step's output as GitHub serves it, as `run` returns the answer of its POST.
 */
export async function findCreatedComment(
  { owner, repo, issue_number }: { owner: string; repo: string; issue_number: number },
  ctx: StepContext,
  sent: readonly SentWrite[],
): Promise<ProbeFinding<Static<typeof IssueComment>>> {
  const comment = await findOnPages<Static<typeof IssueComment>>(ctx, {
    what: `comments of ${owner}/${repo}#${issue_number}`,
    path: repoPath(owner, repo, 'issues', segment(issue_number), 'comments'),
    query: { since: sentSince(sent) },
    expect: Type.Array(IssueComment),
    matches: (candidate) => carriesWriteMarker(candidate.body, ctx.idempotencyKey),
  });
  return comment === undefined ? { happened: false } : { happened: true, result: comment };
}
