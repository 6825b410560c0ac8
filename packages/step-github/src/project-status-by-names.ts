import { type StepContext, StepError } from '@toolsteps/engine';
import { graphql } from './github-graphql.js';
import {
  listed,
  type Option,
  type SingleSelectField,
  type StatusTarget,
  singleSelect,
} from './project-item-status.js';
import { ADD_ITEM, BY_NAMES, MORE_ITEMS } from './project-status-queries.js';

interface ItemConnection {
  nodes: Array<{ id: string; project: { id: string } } | null>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

export interface ByNames {
  owner: string;
  project_number: number;
  repository_owner?: string;
  repository: string;
  issue_number: number;
  status: string;
  field?: string;
  add_if_missing?: boolean;
}

/**
 * Resolves project, field, option and item from names with one query (more only for an issue in
 * over 100 projects). Every check passes before the item is added (`add_if_missing`), so a bad
 * status name changes nothing.
 */
export async function targetByNames(
  ctx: StepContext,
  input: ByNames,
): Promise<StatusTarget & { added: boolean }> {
  const fieldName = input.field ?? 'Status';
  const repoOwner = input.repository_owner ?? input.owner;
  const data = await graphql<{
    repositoryOwner: {
      login: string;
      projectV2?: { id: string; title: string; field: SingleSelectField | null };
    } | null;
    repository: { issueOrPullRequest: { __typename: string; id: string; projectItems: ItemConnection } };
  }>(
    ctx,
    BY_NAMES,
    {
      owner: input.owner,
      number: input.project_number,
      field: fieldName,
      repoOwner,
      repo: input.repository,
      issue: input.issue_number,
    },
    'read',
  );
  const project = data.repositoryOwner?.projectV2;
  if (!project) {
    throw new StepError({
      code: 'not_found',
      field: '/args/owner',
      message: `GitHub has no user or organization named ${input.owner}`,
    });
  }
  const projectLabel = `project "${project.title}" (#${input.project_number} of ${input.owner})`;
  const option = chooseOption(
    singleSelect(project.field, fieldName, projectLabel),
    input.status,
    projectLabel,
  );
  const content = data.repository.issueOrPullRequest;
  const what = `${content.__typename === 'PullRequest' ? 'Pull request' : 'Issue'} #${input.issue_number} of ${repoOwner}/${input.repository}`;
  let itemId = await findItem(ctx, content.id, content.projectItems, project.id);
  const added = itemId === undefined;
  if (itemId === undefined) {
    if (!input.add_if_missing) {
      throw new StepError({
        code: 'not_found',
        field: '/args/issue_number',
        message: `${what} is not in ${projectLabel}: add it first, or set add_if_missing: true`,
      });
    }
    const answer = await graphql<{ addProjectV2ItemById: { item: { id: string } } }>(
      ctx,
      ADD_ITEM,
      { projectId: project.id, contentId: content.id },
      'write',
    );
    itemId = answer.addProjectV2ItemById.item.id;
  }
  const field = project.field as Required<SingleSelectField>;
  return {
    project_id: project.id,
    item_id: itemId,
    field_id: field.id,
    option_id: option.id,
    status: option.name,
    added,
  };
}

/** The option named `status`, ignoring case; otherwise a validation error naming the valid ones. */
function chooseOption(field: Required<SingleSelectField>, status: string, where: string): Option {
  const wanted = status.trim().toLowerCase();
  const option = field.options.find((candidate) => candidate.name.toLowerCase() === wanted);
  if (option !== undefined) return option;
  throw new StepError({
    code: 'validation',
    field: '/args/status',
    message: `"${status}" is not a ${field.name} of ${where}; use one of: ${listed(field.options, (o) => o.name)}`,
    details: { options: field.options.map((o) => o.name) },
  });
}

/** The issue's item in the project, following the issue's project items past the first 100. */
async function findItem(
  ctx: StepContext,
  contentId: string,
  first: ItemConnection,
  projectId: string,
): Promise<string | undefined> {
  let page: ItemConnection | undefined = first;
  while (page !== undefined) {
    const match = page.nodes.find((node) => node?.project.id === projectId);
    if (match) return match.id;
    if (!page.pageInfo.hasNextPage) return undefined;
    const next: { node: { projectItems: ItemConnection } } = await graphql(
      ctx,
      MORE_ITEMS,
      { id: contentId, after: page.pageInfo.endCursor },
      'read',
    );
    page = next.node.projectItems;
  }
  return undefined;
}
