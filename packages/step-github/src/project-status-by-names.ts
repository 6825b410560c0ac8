import { type Static, type StepContext, StepError } from '@toolsteps/sdk';
import { graphql } from './github-graphql.js';
import { listed, singleSelect } from './project-item-status.js';
import { contentOf, projectOf, withFieldOfPath } from './project-status-answer.js';
import {
  AddItemData,
  ByNamesData,
  type ItemConnection,
  MoreItemsData,
  type Option,
  type SingleSelectField,
} from './project-status-data.js';
import { ADD_ITEM, BY_NAMES, MORE_ITEMS } from './project-status-queries.js';
import type { ByNamesInput, StatusTarget } from './project-status-shapes.js';

/**
 * Resolves project, field, option and item from names with one query (more only for an issue in
 * over 100 projects). Every check passes before the item is added (`add_if_missing`), so a bad
 * status name changes nothing.
 */
export async function targetByNames(
  ctx: StepContext,
  input: ByNamesInput,
): Promise<StatusTarget & { added: boolean }> {
  const fieldName = input.field ?? 'Status';
  const repoOwner = input.repository_owner ?? input.owner;
  const data = await graphql<ByNamesData>(
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
    { data: ByNamesData },
  ).catch(withFieldOfPath);
  const project = projectOf(data, input);
  const projectLabel = `project "${project.title}" (#${input.project_number} of ${input.owner})`;
  const option = chooseOption(
    singleSelect(project.field, fieldName, projectLabel),
    input.status,
    projectLabel,
  );
  const content = contentOf(data, `${repoOwner}/${input.repository}`, input.issue_number);
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
    const answer = await graphql<Static<typeof AddItemData>>(
      ctx,
      ADD_ITEM,
      { projectId: project.id, contentId: content.id },
      'write',
      // GitHub answers the existing item when the content is already in the project.
      { retrySafe: true, data: AddItemData },
    );
    itemId = answer.addProjectV2ItemById?.item?.id;
    if (itemId === undefined) {
      throw new StepError({
        code: 'upstream',
        message: `GitHub answered addProjectV2ItemById for ${what} without the item it added; it may be in ${projectLabel} now`,
      });
    }
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
    const match = page.nodes?.find((node) => node?.project.id === projectId);
    if (match) return match.id;
    if (!page.pageInfo.hasNextPage) return undefined;
    const next: Static<typeof MoreItemsData> = await graphql(
      ctx,
      MORE_ITEMS,
      { id: contentId, after: page.pageInfo.endCursor },
      'read',
      { data: MoreItemsData },
    );
    // A null node: the issue is gone since the first query, so it is in no project.
    page = next.node?.projectItems;
  }
  return undefined;
}
