import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { Nullable } from '../nullable.js';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld } from './sample-parts.js';
import { Open } from './shapes/open-object.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { User } from './shapes/user.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const WorkflowRun = Open({
  id: Type.Integer(),
  node_id: Type.String(),
  name: Nullable(Type.String()),
  display_title: Type.Optional(Type.String()),
  workflow_id: Type.Integer(),
  path: Type.Optional(Type.String({ description: 'The workflow file, e.g. .github/workflows/ci.yml' })),
  run_number: Type.Integer(),
  run_attempt: Type.Optional(Type.Integer()),
  event: Type.String({ description: 'What started the run: push, pull_request, workflow_dispatch…' }),
  status: Nullable(Type.String()),
  conclusion: Nullable(
    Type.String({
      description: 'success, failure, cancelled, skipped, timed_out, action_required, neutral…',
    }),
  ),
  head_branch: Nullable(Type.String()),
  head_sha: Type.String(),
  html_url: Type.String(),
  actor: Type.Optional(User),
  created_at: Type.String(),
  updated_at: Type.String(),
  run_started_at: Type.Optional(Type.String()),
});

const Workflow = Open({
  id: Type.Integer(),
  name: Type.String(),
  path: Type.String(),
  html_url: Type.String(),
  state: Type.String(),
});

const RunCompleted = Type.Object({
  action: Type.Literal('completed'),
  workflow_run: WorkflowRun,
  workflow: Type.Optional(Nullable(Workflow)),
  ...RepositoryEnvelope,
});

export const workflowRunCompleted = defineTrigger({
  id: 'github.workflow_run_completed',
  title: 'Workflow Run Completed',
  description:
    'Fires when a GitHub Actions workflow run completes, whatever its conclusion (`workflow_run` completed); filter on `workflow_run.conclusion`.',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: RunCompleted,
  sample: {
    action: 'completed',
    workflow_run: {
      id: 289782451,
      node_id: 'MDExOldvcmtmbG93UnVuMjg5NzgyNDUx',
      name: 'CI',
      display_title: 'Fix the spelling of commit in the README',
      workflow_id: 2823525,
      path: '.github/workflows/ci.yml',
      run_number: 163,
      run_attempt: 1,
      event: 'push',
      status: 'completed',
      conclusion: 'success',
      head_branch: 'master',
      head_sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
      html_url: 'https://github.com/Codertocat/Hello-World/actions/runs/289782451',
      actor: codertocat,
      created_at: '2020-10-05T16:33:24Z',
      updated_at: '2020-10-05T16:34:49Z',
      run_started_at: '2020-10-05T16:33:24Z',
    },
    workflow: {
      id: 2823525,
      name: 'CI',
      path: '.github/workflows/ci.yml',
      html_url: 'https://github.com/Codertocat/Hello-World/blob/master/.github/workflows/ci.yml',
      state: 'active',
    },
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['workflow_run'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof RunCompleted>>(delivery, config, 'workflow_run', ['completed']),
  },
});
