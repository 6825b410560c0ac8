import { defineTrigger, type Static, Type } from '@toolsteps/sdk';
import { Nullable } from '../nullable.js';
import { payloadEvents } from './github-delivery.js';
import { codertocat, helloWorld } from './sample-parts.js';
import { Open } from './shapes/open-object.js';
import { RepositoryEnvelope } from './shapes/repository.js';
import { RepositoryOrOrganizationConfig } from './trigger-config.js';

const JobStep = Open({
  name: Type.String(),
  number: Type.Integer(),
  status: Type.String(),
  conclusion: Nullable(Type.String()),
});

const WorkflowJob = Open({
  id: Type.Integer(),
  run_id: Type.Integer(),
  name: Type.String(),
  workflow_name: Type.Optional(Nullable(Type.String())),
  status: Type.String(),
  conclusion: Nullable(Type.String({ description: 'success, failure, cancelled, skipped…' })),
  head_branch: Type.Optional(Nullable(Type.String())),
  head_sha: Type.String(),
  html_url: Nullable(Type.String()),
  started_at: Type.String(),
  completed_at: Nullable(Type.String()),
  labels: Type.Array(Type.String({ description: 'The runner labels the job asked for' })),
  runner_name: Nullable(Type.String()),
  steps: Type.Array(JobStep),
});

const JobCompleted = Type.Object({
  action: Type.Literal('completed'),
  workflow_job: WorkflowJob,
  ...RepositoryEnvelope,
});

export const workflowJobCompleted = defineTrigger({
  id: 'github.workflow_job_completed',
  title: 'Workflow Job Completed',
  description:
    'Fires when a job of a GitHub Actions workflow run completes, whatever its conclusion (`workflow_job` completed).',
  delivery: 'webhook',
  config: RepositoryOrOrganizationConfig,
  event: JobCompleted,
  sample: {
    action: 'completed',
    workflow_job: {
      id: 2832853555,
      run_id: 940463255,
      name: 'test',
      workflow_name: 'CI',
      status: 'completed',
      conclusion: 'failure',
      head_branch: 'master',
      head_sha: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
      html_url: 'https://github.com/Codertocat/Hello-World/runs/2832853555',
      started_at: '2021-06-15T19:22:27Z',
      completed_at: '2021-06-15T19:22:30Z',
      labels: ['ubuntu-latest'],
      runner_name: 'GitHub Actions 2',
      steps: [
        { name: 'Set up job', number: 1, status: 'completed', conclusion: 'success' },
        { name: 'Run tests', number: 2, status: 'completed', conclusion: 'failure' },
      ],
    },
    repository: helloWorld,
    sender: codertocat,
  },
  webhook: {
    subscribes: ['workflow_job'],
    match: (delivery, config) =>
      payloadEvents<Static<typeof JobCompleted>>(delivery, config, 'workflow_job', ['completed']),
  },
});
