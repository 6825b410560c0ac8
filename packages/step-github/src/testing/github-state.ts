import { ActionsStore, type WorkflowRunRecord } from './actions/actions-store.js';
import { WorkflowsStore } from './actions/workflows-store.js';
import { GistsStore } from './gists/gists-store.js';
import { GitStore } from './git/git-store.js';
import { HooksStore } from './hooks/hooks-store.js';
import { WebhookDeliveries } from './hooks/webhook-deliveries.js';
import { IssuesStore } from './issues/issues-store.js';
import { LabelsStore } from './issues/labels-store.js';
import { MilestonesStore } from './issues/milestones-store.js';
import { OAuthStore } from './oauth/oauth-store.js';
import { ProjectsStore } from './projects/projects-store.js';
import { ReleasesStore } from './releases/releases-store.js';
import { GithubCore } from './shared/github-core.js';
import { TeamsStore } from './teams/teams-store.js';

/** What the state tells the emulator about changes no request makes, such as a run a test completes. */
export interface GithubStateEvents {
  runCompleted?(state: GithubState, run: WorkflowRunRecord): void;
}

/**
 * The emulator's in-memory GitHub: the core (accounts, tokens, repositories), plus one store per
 * domain (git data, issues, actions, ...), each keyed by repository key.
 */
export class GithubState extends GithubCore {
  readonly git = new GitStore(this);
  readonly labels = new LabelsStore(this);
  readonly issues = new IssuesStore(this, this.labels);
  readonly milestones = new MilestonesStore(this);
  readonly teams = new TeamsStore(this);
  readonly workflows = new WorkflowsStore(this);
  readonly actions = new ActionsStore(this, (run) => this.events.runCompleted?.(this, run));
  readonly gists = new GistsStore(this);
  readonly releases = new ReleasesStore(this);
  readonly projects = new ProjectsStore(this);
  readonly hooks = new HooksStore(this);
  /** The OAuth flows' codes, device grants, and the tokens and grants they gave. */
  readonly oauth = new OAuthStore(this);

  constructor(
    now: () => number = Date.now,
    /** Where webhooks go out: the emulator keeps one across `resetState`, so its log and queues stay. */
    readonly webhooks: WebhookDeliveries = new WebhookDeliveries({ now }),
    private readonly events: GithubStateEvents = {},
  ) {
    super(now);
  }
}
