import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { bugLabel, codertocat, helloWorld, spellingIssue } from './sample-parts.js';
import { Issue } from './shapes/issue.js';
import { Label } from './shapes/label.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const IssueLabeled = Type.Object({
  action: Type.Literal('labeled'),
  issue: Issue,
  label: Type.Optional(Label),
  ...RepositoryEnvelope,
});

export const newLabelOnIssue = defineTrigger({
  id: 'github.new_label_on_issue',
  title: 'New Label on Issue',
  description: 'Fires when a label is added to an issue (`issues` labeled); `label` is the one added.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: IssueLabeled,
  sample: {
    action: 'labeled',
    issue: spellingIssue,
    label: bugLabel,
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['issues'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof IssueLabeled>>(delivery, config, 'issues', ['labeled']),
  },
});
