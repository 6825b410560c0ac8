import { createHash } from 'node:crypto';
import { emitOrganizationEvent } from '../hooks/webhook-events.js';
import { accountJson } from '../shared/account-json.js';
import type { ProjectFieldRecord, ProjectItemRecord, ProjectRecord } from './projects-store.js';
import type { GraphqlContext } from './projects-views.js';
import { fieldValueChange } from './webhook-field-value.js';

/** GitHub sends `projects_v2_item` to the hooks of the organization owning the project (users' projects send none). */
function emitItemEvent(
  ctx: GraphqlContext,
  project: ProjectRecord,
  item: ProjectItemRecord,
  action: 'created' | 'edited',
  extra: Record<string, unknown>,
): void {
  const org = ctx.state.account(project.owner);
  if (org?.type !== 'Organization') return;
  emitOrganizationEvent(ctx.c, ctx.state, org, 'projects_v2_item', () => {
    const issue = ctx.state.issues.find(item.repoKey, item.number);
    return {
      action,
      projects_v2_item: {
        id: numericId(item.id),
        node_id: item.id,
        project_node_id: project.id,
        content_node_id: issue?.node_id ?? '',
        content_type: issue?.pull_request === undefined ? 'Issue' : 'PullRequest',
        // The emulator does not keep who added an item: the caller stands in.
        creator: accountJson(ctx.c, ctx.caller),
        created_at: item.created_at,
        updated_at: item.updated_at,
        archived_at: null,
      },
      ...extra,
    };
  });
}

/** `projects_v2_item` created: an issue or pull request added to an organization's project. */
export function emitItemCreated(ctx: GraphqlContext, project: ProjectRecord, item: ProjectItemRecord): void {
  emitItemEvent(ctx, project, item, 'created', {});
}

/**
 * `projects_v2_item` edited: one field's value set (a Status moved, a text changed). `previous` is
 * the field's stored value before the change (undefined when it was unset): the item holds only the
 * new one by the time this is sent.
 */
export function emitItemEdited(
  ctx: GraphqlContext,
  project: ProjectRecord,
  item: ProjectItemRecord,
  field: ProjectFieldRecord,
  previous: string | undefined,
): void {
  emitItemEvent(ctx, project, item, 'edited', {
    changes: { field_value: fieldValueChange(project, field, previous, item.values.get(field.id)) },
  });
}

/** Items have only node ids in the emulator; the payload's numeric `id` is derived from it, stably. */
function numericId(nodeId: string): number {
  return Number.parseInt(createHash('sha256').update(nodeId).digest('hex').slice(0, 8), 16);
}
