import type { GithubCore } from '../shared/github-core.js';
import type { LabelsStore } from './labels-store.js';

export interface CommentRecord {
  id: number;
  node_id: string;
  user: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export type ReviewState = 'PENDING' | 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED';

export interface ReviewRecord {
  id: number;
  node_id: string;
  user: string;
  body: string;
  state: ReviewState;
  commit_id: string | null;
  /** Unset while the review is pending. */
  submitted_at?: string;
}

/** What makes an issue a pull request: its branches, review state and merge. */
export interface PullRecord {
  /** The pull request's own id; the issue view of it keeps the issue's id, as on GitHub. */
  id: number;
  /** `sha` is the last one known: kept once the branch is merged or deleted. */
  head: { ref: string; sha: string };
  base: { ref: string; sha: string };
  draft: boolean;
  maintainer_can_modify: boolean;
  merged_at: string | null;
  merged_by: string | null;
  merge_commit_sha: string | null;
  /** Logins whose review is asked for and not given yet. */
  requested_reviewers: string[];
  /** Team slugs of the repository owner's organization. */
  requested_teams: string[];
  reviews: ReviewRecord[];
}

export type StateReason = 'completed' | 'not_planned' | 'reopened' | 'duplicate';

export interface IssueRecord {
  id: number;
  /** `I_…` for issues, `PR_…` (the pull request's node id) for pull requests. */
  node_id: string;
  number: number;
  title: string;
  body: string | null;
  /** The author's login. */
  user: string;
  state: 'open' | 'closed';
  state_reason: StateReason | null;
  /** Label names as the repository spells them. */
  labels: string[];
  assignees: string[];
  /** A milestone number of the repository. */
  milestone: number | null;
  locked: boolean;
  active_lock_reason: string | null;
  comments: CommentRecord[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closed_by: string | null;
  pull_request?: PullRecord;
}

export interface NewIssue {
  title: string;
  body?: string | null;
  user: string;
  labels?: string[];
  assignees?: string[];
  milestone?: number | null;
  /** Seeds pass fixed times so demo data sorts the same way every run. */
  created_at?: string;
}

export type NewPull = Omit<PullRecord, 'id' | 'reviews' | 'merged_at' | 'merged_by' | 'merge_commit_sha'>;

/**
 * Issues and pull requests of every repository. They share one number sequence per repository, as
 * on GitHub, where a pull request is an issue with branches attached.
 */
export class IssuesStore {
  readonly #issues = new Map<string, IssueRecord[]>();

  constructor(
    private readonly state: GithubCore,
    /** New issues name labels the repository may not have yet: they are created on the way. */
    private readonly labels: LabelsStore,
  ) {}

  /** The repository's issues and pull requests, oldest first. */
  list(repoKey: string): readonly IssueRecord[] {
    return this.#issues.get(repoKey) ?? [];
  }

  /** Every repository key that has issues, with its issues. */
  entries(): IterableIterator<[string, IssueRecord[]]> {
    return this.#issues.entries();
  }

  find(repoKey: string, number: number): IssueRecord | undefined {
    return this.list(repoKey).find((issue) => issue.number === number);
  }

  /** An issue or pull request by its GraphQL node id, with the repository it belongs to. */
  byNodeId(nodeId: string): { repoKey: string; issue: IssueRecord } | undefined {
    for (const [repoKey, issues] of this.#issues) {
      const issue = issues.find((candidate) => candidate.node_id === nodeId);
      if (issue !== undefined) return { repoKey, issue };
    }
    return undefined;
  }

  create(repoKey: string, fields: NewIssue): IssueRecord {
    const issues = this.#issues.get(repoKey) ?? [];
    this.#issues.set(repoKey, issues);
    const id = this.state.nextId();
    const now = fields.created_at ?? this.state.isoNow();
    const issue: IssueRecord = {
      id,
      node_id: this.state.nodeId('I', id),
      number: issues.length + 1,
      title: fields.title,
      body: fields.body ?? null,
      user: fields.user,
      state: 'open',
      state_reason: null,
      labels: (fields.labels ?? []).map((name) => this.labels.ensure(repoKey, name).name),
      assignees: [...new Set(fields.assignees ?? [])],
      milestone: fields.milestone ?? null,
      locked: false,
      active_lock_reason: null,
      comments: [],
      created_at: now,
      updated_at: now,
      closed_at: null,
      closed_by: null,
    };
    issues.push(issue);
    return issue;
  }

  /** Makes an issue a pull request: a new one, or an existing issue converted (`issue` of POST /pulls). */
  attachPull(issue: IssueRecord, fields: NewPull): PullRecord {
    const id = this.state.nextId();
    const pull: PullRecord = {
      ...fields,
      id,
      merged_at: null,
      merged_by: null,
      merge_commit_sha: null,
      reviews: [],
    };
    issue.pull_request = pull;
    issue.node_id = this.state.nodeId('PR', id);
    this.touch(issue);
    return pull;
  }

  addComment(issue: IssueRecord, user: string, body: string, at?: string): CommentRecord {
    const id = this.state.nextId();
    const now = at ?? this.state.isoNow();
    const comment: CommentRecord = {
      id,
      node_id: this.state.nodeId('IC', id),
      user,
      body,
      created_at: now,
      updated_at: now,
    };
    issue.comments.push(comment);
    issue.updated_at = now;
    return comment;
  }

  addReview(pull: PullRecord, fields: Omit<ReviewRecord, 'id' | 'node_id'>): ReviewRecord {
    const id = this.state.nextId();
    const review: ReviewRecord = { ...fields, id, node_id: this.state.nodeId('PRR', id) };
    pull.reviews.push(review);
    return review;
  }

  close(issue: IssueRecord, by: string, reason: StateReason | null, at?: string): void {
    const now = at ?? this.state.isoNow();
    issue.state = 'closed';
    issue.state_reason = reason ?? 'completed';
    issue.closed_at = now;
    issue.closed_by = by;
    issue.updated_at = now;
  }

  reopen(issue: IssueRecord): void {
    issue.state = 'open';
    issue.state_reason = 'reopened';
    issue.closed_at = null;
    issue.updated_at = this.state.isoNow();
  }

  touch(issue: IssueRecord): void {
    issue.updated_at = this.state.isoNow();
  }
}
