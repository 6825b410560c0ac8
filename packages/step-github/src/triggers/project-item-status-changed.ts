import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { Nullable } from '../nullable.js';
import { payloadOf } from './github-delivery.js';
import { codertocat, octocoders } from './sample-parts.js';
import { Open } from './shapes/open-object.js';
import { Organization } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { OrganizationConfig } from './trigger-config.js';

/** The field GitHub creates on every project for an item's workflow state. */
const STATUS_FIELD = 'status';

const SelectOption = Open({
  id: Type.String(),
  name: Type.String({ description: 'The status, e.g. In Progress' }),
  color: Type.Optional(Nullable(Type.String())),
});

const StatusChanged = Type.Object({
  action: Type.Literal('edited'),
  changes: Type.Object({
    field_value: Open({
      field_node_id: Type.String(),
      field_type: Type.String({ description: 'single_select for Status' }),
      field_name: Type.String({ description: 'Status' }),
      project_number: Type.Optional(Type.Integer()),
      from: Type.Optional(Nullable(SelectOption)),
      to: Type.Optional(Nullable(SelectOption)),
    }),
  }),
  projects_v2_item: Open({
    id: Type.Integer(),
    node_id: Type.String(),
    project_node_id: Type.String(),
    content_node_id: Type.String({ description: 'The issue, pull request or draft issue of the item' }),
    content_type: Type.String({ description: 'Issue, PullRequest or DraftIssue' }),
    creator: Type.Optional(User),
    created_at: Type.String(),
    updated_at: Type.String(),
    archived_at: Nullable(Type.String()),
  }),
  organization: Organization,
  sender: User,
});

type Event = Static<typeof StatusChanged>;

export const projectItemStatusChanged = defineTrigger({
  id: 'github.project_item_status_changed',
  title: 'Project Item Status Changed',
  description:
    "Fires when an item of an organization's project (Projects v2) moves to another Status (`projects_v2_item` edited on its Status field); `changes.field_value.from` and `to` are the options. Sent to organization hooks only.",
  delivery: 'webhook',
  config: OrganizationConfig,
  event: StatusChanged,
  sample: {
    action: 'edited',
    changes: {
      field_value: {
        field_node_id: 'PVTSSF_lADOAWcTxs4ACgDdzgBWqxo',
        field_type: 'single_select',
        field_name: 'Status',
        project_number: 1,
        from: { id: 'f75ad846', name: 'Todo', color: 'GREEN' },
        to: { id: '47fc9ee4', name: 'In Progress', color: 'YELLOW' },
      },
    },
    projects_v2_item: {
      id: 5679898,
      node_id: 'PVTI_lADOAWcTxs4ACgDdzgBWqxo',
      project_node_id: 'PVT_kwDOAWcTxs4ACgDd',
      content_node_id: 'I_kwDOCG5vGM5La0aB',
      content_type: 'Issue',
      creator: codertocat,
      created_at: '2022-06-08T21:15:35Z',
      updated_at: '2022-06-08T21:19:35Z',
      archived_at: null,
    },
    organization: octocoders,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['projects_v2_item'],
    match: (delivery, config) => {
      const payload = payloadOf(delivery, config, 'projects_v2_item', ['edited']) as Event | undefined;
      // Older deliveries name only the field's node id: without its name, a Status change cannot be told apart.
      const field = payload?.changes?.field_value?.field_name;
      return typeof field === 'string' && field.toLowerCase() === STATUS_FIELD ? [payload as Event] : [];
    },
  },
});
