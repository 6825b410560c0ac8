export type { ActionsStore, RunConclusion, WorkflowRunRecord } from './actions-store.js';
export type { GistRecord, GistsStore } from './gists-store.js';
export type { CommitRecord, FileContent, GitPerson, GitStore, Signature, WriteCommit } from './git-store.js';
export * from './github-api-error.js';
export * from './github-emulator.js';
export type { CollaboratorPermission, GithubAccount, Repository } from './github-model.js';
export { COLLABORATOR_PERMISSIONS, repoKey } from './github-model.js';
export type { QuotaResource, QuotaSetting, SecondaryLimitSetting } from './github-quota.js';
export { SECONDARY_LIMIT_MESSAGE } from './github-quota.js';
export { DEMO_LOGIN, DEMO_ORG, DEMO_TOKEN, HUBOT_TOKEN, MONA_TOKEN, seedGithubState } from './github-seed.js';
export { GithubState } from './github-state.js';
export type { HookConfig, HookOwner, HookRecord, HooksStore } from './hooks-store.js';
export { DEMO_ISSUES, DEMO_TEAM } from './issue-seed.js';
export type { IssueRecord, IssuesStore, PullRecord, ReviewRecord } from './issues-store.js';
export type { LabelRecord, LabelsStore } from './labels-store.js';
export type { MilestoneRecord, MilestonesStore } from './milestones-store.js';
export type { ProjectItemRecord, ProjectRecord, ProjectsStore } from './projects-store.js';
export type { ReleaseRecord, ReleasesStore } from './releases-store.js';
export {
  DEMO_FEATURE_BRANCH,
  DEMO_REPO,
  DEMO_TAG,
  PRIVATE_REPO,
  SPOON_KNIFE_REPO,
} from './repository-seed.js';
export type { TeamRecord, TeamsStore } from './teams-store.js';
export type { WebhookEmission } from './webhook-controls.js';
export type { WebhookDelivery } from './webhook-deliveries.js';
export type { WorkflowRecord, WorkflowsStore } from './workflows-store.js';
