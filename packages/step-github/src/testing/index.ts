export type { ActionsStore, RunConclusion, WorkflowRunRecord } from './actions/actions-store.js';
export type { WorkflowRecord, WorkflowsStore } from './actions/workflows-store.js';
export type { GistRecord, GistsStore } from './gists/gists-store.js';
export type {
  CommitRecord,
  FileContent,
  GitPerson,
  GitStore,
  Signature,
  WriteCommit,
} from './git/git-store.js';
export * from './github-emulator.js';
export { DEMO_LOGIN, DEMO_ORG, DEMO_TOKEN, HUBOT_TOKEN, MONA_TOKEN, seedGithubState } from './github-seed.js';
export { GithubState, type GithubStateEvents } from './github-state.js';
export type { HookConfig, HookOwner, HookRecord, HooksStore } from './hooks/hooks-store.js';
export type { WebhookEmission } from './hooks/webhook-controls.js';
export type { WebhookDelivery } from './hooks/webhook-deliveries.js';
export { DEMO_ISSUES, DEMO_TEAM } from './issues/issue-seed.js';
export type { IssueRecord, IssuesStore, PullRecord, ReviewRecord } from './issues/issues-store.js';
export type { LabelRecord, LabelsStore } from './issues/labels-store.js';
export type { MilestoneRecord, MilestonesStore } from './issues/milestones-store.js';
export { DEMO_OAUTH_CLIENT_ID, DEMO_OAUTH_CLIENT_SECRET } from './oauth/oauth-app.js';
export type { OAuthStore } from './oauth/oauth-store.js';
export type { OAuthGrant, OAuthTokenRecord, OAuthTokens } from './oauth/oauth-tokens-store.js';
export type { ProjectItemRecord, ProjectRecord, ProjectsStore } from './projects/projects-store.js';
export type { ReleaseRecord, ReleasesStore } from './releases/releases-store.js';
export {
  DEMO_FEATURE_BRANCH,
  DEMO_REPO,
  DEMO_TAG,
  PRIVATE_REPO,
  SPOON_KNIFE_REPO,
} from './repositories/repository-seed.js';
export * from './shared/github-api-error.js';
export type { CollaboratorPermission, GithubAccount, Repository } from './shared/github-model.js';
export { COLLABORATOR_PERMISSIONS, repoKey } from './shared/github-model.js';
export type { QuotaResource, QuotaSetting, SecondaryLimitSetting } from './shared/github-quota.js';
export { SECONDARY_LIMIT_MESSAGE } from './shared/github-quota.js';
export type { TeamRecord, TeamsStore } from './teams/teams-store.js';
