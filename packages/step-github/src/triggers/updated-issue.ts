import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld, spellingIssue } from './sample-parts.js';
import { Issue } from './shapes/issue.js';
import { Label } from './shapes/label.js';
import { Open } from './shapes/open-object.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const UPDATES = ['edited', 'labeled', 'unlabeled', 'assigned', 'unassigned', 'closed', 'reopened'] as const;

const IssueUpdated = Type.Object({
  action: Type.Union(UPDATES.map((action) => Type.Literal(action))),
  issue: Issue,
  changes: Type.Optional(
    Open({}, 'With edited: the previous values, e.g. { "title": { "from": "Old title" } }'),
  ),
  label: Type.Optional(Label),
  assignee: Type.Optional(Type.Union([User, Type.Null()])),
  ...RepositoryEnvelope,
});

export const updatedIssue = defineTrigger({
  id: 'github.updated_issue',
  title: 'Updated Issue',
  description:
    'Fires when an issue is edited, labeled, unlabeled, assigned, unassigned, closed or reopened; `action` says which.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: IssueUpdated,
  sample: {
    action: 'closed',
    issue: {
      ...spellingIssue,
      state: 'closed',
      state_reason: 'completed',
      closed_at: '2019-05-15T15:21:02Z',
    },
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['issues'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof IssueUpdated>>(delivery, config, 'issues', UPDATES),
  },
});
