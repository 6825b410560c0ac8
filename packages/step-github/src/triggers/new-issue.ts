import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld, spellingIssue } from './sample-parts.js';
import { Issue } from './shapes/issue.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const IssueOpened = Type.Object({
  action: Type.Literal('opened'),
  issue: Issue,
  ...RepositoryEnvelope,
});

export const newIssue = defineTrigger({
  id: 'github.new_issue',
  title: 'New Issue',
  description: "Fires when an issue is opened (`issues` opened); the event is GitHub's payload.",
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: IssueOpened,
  sample: { action: 'opened', issue: spellingIssue, repository: helloWorld, sender: codertocat },
  webhook: {
    subscribes: ['issues'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof IssueOpened>>(delivery, config, 'issues', ['opened']),
  },
});
