import { newBranch } from './new-branch.js';
import { newCardInColumn } from './new-card-in-column.js';
import { newCollaborator } from './new-collaborator.js';
import { newComment } from './new-comment.js';
import { newCommit } from './new-commit.js';
import { newDiscussion } from './new-discussion.js';
import { newDiscussionComment } from './new-discussion-comment.js';
import { newFork } from './new-fork.js';
import { newGist } from './new-gist.js';
import { newIssue } from './new-issue.js';
import { newLabelOnIssue } from './new-label-on-issue.js';
import { newMention } from './new-mention.js';
import { newPullRequest } from './new-pull-request.js';
import { newPullRequestReview } from './new-pull-request-review.js';
import { newPush } from './new-push.js';
import { newRelease } from './new-release.js';
import { newRepository } from './new-repository.js';
import { newReviewRequest } from './new-review-request.js';
import { newStar } from './new-star.js';
import { newTag } from './new-tag.js';
import { newWatcher } from './new-watcher.js';
import { projectItemStatusChanged } from './project-item-status-changed.js';
import { updatedIssue } from './updated-issue.js';
import { updatedPullRequest } from './updated-pull-request.js';
import { workflowJobCompleted } from './workflow-job-completed.js';
import { workflowRunCompleted } from './workflow-run-completed.js';

/** GitHub's triggers in the order of the issue's table: repository, issues, pull requests, pushes, workflows, people, projects, releases and discussions, gists. */
export const githubTriggers = [
  newRepository,
  newFork,
  newStar,
  newWatcher,
  newTag,
  newBranch,
  newIssue,
  updatedIssue,
  newPullRequest,
  updatedPullRequest,
  newComment,
  newLabelOnIssue,
  newReviewRequest,
  newPullRequestReview,
  newPush,
  newCommit,
  workflowRunCompleted,
  workflowJobCompleted,
  newCollaborator,
  newMention,
  projectItemStatusChanged,
  newCardInColumn,
  newRelease,
  newDiscussion,
  newDiscussionComment,
  newGist,
];

export {
  newBranch,
  newCardInColumn,
  newCollaborator,
  newComment,
  newCommit,
  newDiscussion,
  newDiscussionComment,
  newFork,
  newGist,
  newIssue,
  newLabelOnIssue,
  newMention,
  newPullRequest,
  newPullRequestReview,
  newPush,
  newRelease,
  newRepository,
  newReviewRequest,
  newStar,
  newTag,
  newWatcher,
  projectItemStatusChanged,
  updatedIssue,
  updatedPullRequest,
  workflowJobCompleted,
  workflowRunCompleted,
};
