import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import type { IssueRecord } from '../issues/issues-store.js';
import { type GithubAccount, type Repository, repoKey } from '../shared/github-model.js';
import { htmlBase } from '../shared/github-urls.js';
import { connection } from './graphql-connection.js';
import { GraphqlProblem } from './graphql-problem.js';
import type { ProjectFieldRecord, ProjectItemRecord, ProjectRecord } from './projects-store.js';

/** Who asks, and about which state: what every resolver needs. */
export interface GraphqlContext {
  c: Context;
  state: GithubState;
  caller: GithubAccount;
}

type Paging = { first?: number | null; after?: string | null };

/**
 * The GraphQL object graph over the stores. Each view is a plain object whose methods graphql-js
 * calls as field resolvers; `__typename` picks the member of a union or interface.
 */
export function ownerView(ctx: GraphqlContext, account: GithubAccount) {
  return {
    __typename: account.type,
    id: account.node_id,
    login: account.login,
    name: account.name,
    projectV2: ({ number }: { number: number }) => {
      const project = ctx.state.projects.byNumber(account.login, number);
      if (project === undefined || !canReadProject(ctx, project)) {
        throw new GraphqlProblem('NOT_FOUND', `Could not resolve to a ProjectV2 with the number ${number}.`);
      }
      return projectView(ctx, project);
    },
  };
}

export function projectView(ctx: GraphqlContext, project: ProjectRecord) {
  const owner = ctx.state.account(project.owner);
  const kind = owner?.type === 'Organization' ? 'orgs' : 'users';
  return {
    __typename: 'ProjectV2',
    id: project.id,
    number: project.number,
    title: project.title,
    public: project.public,
    closed: project.closed,
    url: `${htmlBase(ctx.c)}/${kind}/${project.owner}/projects/${project.number}`,
    createdAt: project.created_at,
    updatedAt: project.updated_at,
    owner: () => (owner === undefined ? null : ownerView(ctx, owner)),
    field: ({ name }: { name: string }) => {
      const field = project.fields.find((candidate) => candidate.name === name);
      return field === undefined ? null : fieldView(ctx, project, field);
    },
    fields: (args: Paging) =>
      connection(
        'fields',
        project.fields.map((field) => fieldView(ctx, project, field)),
        args,
      ),
    items: (args: Paging) =>
      connection(
        'items',
        project.items.map((item) => itemView(ctx, project, item)),
        args,
      ),
  };
}

export function fieldView(ctx: GraphqlContext, project: ProjectRecord, field: ProjectFieldRecord) {
  return {
    __typename: field.dataType === 'SINGLE_SELECT' ? 'ProjectV2SingleSelectField' : 'ProjectV2Field',
    id: field.id,
    name: field.name,
    dataType: field.dataType,
    project: () => projectView(ctx, project),
    options: ({ names }: { names?: string[] | null }) =>
      field.options.filter((option) => names === undefined || names === null || names.includes(option.name)),
  };
}

export function itemView(ctx: GraphqlContext, project: ProjectRecord, item: ProjectItemRecord) {
  const content = visibleIssue(ctx, item.repoKey, item.number);
  return {
    __typename: 'ProjectV2Item',
    id: item.id,
    type: content === undefined ? 'REDACTED' : content.issue.pull_request ? 'PULL_REQUEST' : 'ISSUE',
    isArchived: false,
    createdAt: item.created_at,
    updatedAt: item.updated_at,
    project: () => projectView(ctx, project),
    content: () => (content === undefined ? null : issueView(ctx, content.repo, content.issue)),
    fieldValueByName: ({ name }: { name: string }) => {
      const field = project.fields.find((candidate) => candidate.name === name);
      if (field === undefined) return null;
      if (field.dataType === 'TITLE') {
        return content === undefined
          ? null
          : {
              __typename: 'ProjectV2ItemFieldTextValue',
              text: content.issue.title,
              field: fieldView(ctx, project, field),
            };
      }
      const value = item.values.get(field.id);
      if (value === undefined) return null;
      if (field.dataType === 'SINGLE_SELECT') {
        return {
          __typename: 'ProjectV2ItemFieldSingleSelectValue',
          optionId: value,
          name: field.options.find((option) => option.id === value)?.name ?? null,
          field: fieldView(ctx, project, field),
        };
      }
      return {
        __typename: 'ProjectV2ItemFieldTextValue',
        text: value,
        field: fieldView(ctx, project, field),
      };
    },
  };
}

export function issueView(ctx: GraphqlContext, repo: Repository, issue: IssueRecord) {
  const pull = issue.pull_request;
  const key = repoKey(repo.owner, repo.name);
  return {
    __typename: pull ? 'PullRequest' : 'Issue',
    id: issue.node_id,
    number: issue.number,
    title: issue.title,
    state: pull?.merged_at ? 'MERGED' : issue.state.toUpperCase(),
    url: `${htmlBase(ctx.c)}/${repo.owner}/${repo.name}/${pull ? 'pull' : 'issues'}/${issue.number}`,
    repository: () => repositoryView(ctx, repo),
    projectItems: (args: Paging) =>
      connection(
        'projectItems',
        ctx.state.projects
          .itemsOf(key, issue.number)
          .filter(({ project }) => canReadProject(ctx, project))
          .map(({ project, item }) => itemView(ctx, project, item)),
        args,
      ),
  };
}

export function repositoryView(ctx: GraphqlContext, repo: Repository) {
  const key = repoKey(repo.owner, repo.name);
  const find = (number: number, kind: 'Issue' | 'PullRequest' | undefined) => {
    const issue = ctx.state.issues.find(key, number);
    const matches =
      issue !== undefined && (kind === undefined || (kind === 'PullRequest') === Boolean(issue.pull_request));
    if (!matches) {
      const what =
        kind === undefined ? 'an issue or pull request' : kind === 'Issue' ? 'an Issue' : 'a PullRequest';
      throw new GraphqlProblem('NOT_FOUND', `Could not resolve to ${what} with the number of ${number}.`);
    }
    return issueView(ctx, repo, issue);
  };
  const owner = ctx.state.account(repo.owner);
  return {
    __typename: 'Repository',
    id: repo.node_id,
    name: repo.name,
    nameWithOwner: `${repo.owner}/${repo.name}`,
    owner: () => (owner === undefined ? null : ownerView(ctx, owner)),
    issue: ({ number }: { number: number }) => find(number, 'Issue'),
    pullRequest: ({ number }: { number: number }) => find(number, 'PullRequest'),
    issueOrPullRequest: ({ number }: { number: number }) => find(number, undefined),
  };
}

/** Readable: public, or the caller may change it. */
export function canReadProject(ctx: GraphqlContext, project: ProjectRecord): boolean {
  return project.public || canWriteProject(ctx, project);
}

/** Writable: the owning user, or a member of the owning organization. */
export function canWriteProject(ctx: GraphqlContext, project: ProjectRecord): boolean {
  const caller = ctx.caller.login.toLowerCase();
  const owner = ctx.state.account(project.owner);
  if (owner === undefined) return false;
  if (owner.type === 'User') return owner.login.toLowerCase() === caller;
  return owner.members?.some((member) => member.toLowerCase() === caller) ?? false;
}

/** An issue or pull request of a repository the caller may see. */
export function visibleIssue(
  ctx: GraphqlContext,
  key: string,
  number: number,
): { repo: Repository; issue: IssueRecord } | undefined {
  const repo = ctx.state.repositories.get(key);
  if (repo === undefined || !canSeeRepository(ctx, repo)) return undefined;
  const issue = ctx.state.issues.find(key, number);
  return issue === undefined ? undefined : { repo, issue };
}

export function canSeeRepository(ctx: GraphqlContext, repo: Repository): boolean {
  return !repo.private || ctx.state.permissionOf(repo, ctx.caller.login) !== undefined;
}
