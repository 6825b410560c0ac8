import { describe, expect, it } from '@jest/globals';
import type { AnyTrigger } from '@toolsteps/engine';
import github from '../../src/index.js';
import {
  configWatching,
  deliveryOf,
  eventSchemaOf,
  GITHUB_EXAMPLES,
  type GithubExample,
  type Payload,
} from './github-examples.js';

const webhookTriggers = (github.triggers ?? []).filter((trigger) => trigger.delivery === 'webhook');

/**
 * The table, read as "this delivery fires these triggers": `event.action`, or the event
 * alone for the events that have no action. Everything else fires nothing.
 */
const FIRES: Record<string, string[]> = {
  'repository.created': ['new_repository'],
  fork: ['new_fork'],
  'star.created': ['new_star'],
  'watch.started': ['new_watcher'],
  'create.tag': ['new_tag'],
  'create.branch': ['new_branch'],
  'issues.opened': ['new_issue'],
  'issues.edited': ['updated_issue'],
  'issues.labeled': ['updated_issue', 'new_label_on_issue'],
  'issues.unlabeled': ['updated_issue'],
  'issues.assigned': ['updated_issue'],
  'issues.unassigned': ['updated_issue'],
  'issues.closed': ['updated_issue'],
  'issues.reopened': ['updated_issue'],
  'pull_request.opened': ['new_pull_request'],
  'pull_request.ready_for_review': ['new_pull_request', 'updated_pull_request'],
  'pull_request.edited': ['updated_pull_request'],
  'pull_request.converted_to_draft': ['updated_pull_request'],
  'pull_request.closed': ['updated_pull_request'],
  'pull_request.reopened': ['updated_pull_request'],
  'pull_request.synchronize': ['updated_pull_request'],
  'pull_request.labeled': ['updated_pull_request'],
  'pull_request.unlabeled': ['updated_pull_request'],
  'pull_request.assigned': ['updated_pull_request'],
  'pull_request.unassigned': ['updated_pull_request'],
  'pull_request.review_requested': ['new_review_request'],
  'issue_comment.created': ['new_comment'],
  'pull_request_review_comment.created': ['new_comment'],
  'pull_request_review.submitted': ['new_pull_request_review'],
  push: ['new_push', 'new_commit'],
  'workflow_run.completed': ['workflow_run_completed'],
  'workflow_job.completed': ['workflow_job_completed'],
  'member.added': ['new_collaborator'],
  'projects_v2_item.edited.Status': ['project_item_status_changed'],
  'project_card.created': ['new_card_in_column'],
  'release.published': ['new_release'],
  'discussion.created': ['new_discussion'],
  'discussion_comment.created': ['new_discussion_comment'],
};

/** How many events each trigger should make of the delivery: one each, and one new_commit per commit. */
function expectedRoutes(event: string, payload: Payload): Record<string, number> {
  const detail =
    event === 'create'
      ? payload.ref_type
      : event === 'projects_v2_item'
        ? `${payload.action}.${payload.changes?.field_value?.field_name}`
        : payload.action;
  const fired = FIRES[detail === undefined ? event : `${event}.${detail}`] ?? [];
  return Object.fromEntries(
    fired
      .map((id): [string, number] => [`github.${id}`, id === 'new_commit' ? payload.commits.length : 1])
      .filter(([, count]) => count > 0),
  );
}

/** Which triggers yield events for the delivery, and how many, for bindings watching where it happened. */
function routesOf(event: string, payload: Payload, scope: 'repository' | 'organization' = 'repository') {
  const routes: Record<string, number> = {};
  for (const trigger of webhookTriggers) {
    if (trigger.delivery !== 'webhook') continue;
    const events = trigger.webhook.match(deliveryOf(event, payload), configWatching(trigger, payload, scope));
    if (events.length > 0) routes[trigger.id] = events.length;
  }
  return routes;
}

function eventsOf(trigger: AnyTrigger, event: string, payload: Payload, config?: Record<string, unknown>) {
  if (trigger.delivery !== 'webhook') throw new Error(`${trigger.id} is not a webhook trigger`);
  return trigger.webhook.match(
    deliveryOf(event, payload),
    config ?? configWatching(trigger, payload, 'repository'),
  );
}

const trigger = (id: string): AnyTrigger => {
  const found = github.triggers?.find((candidate) => candidate.id === `github.${id}`);
  if (found === undefined) throw new Error(`no trigger github.${id}`);
  return found;
};

const example = (event: string, action?: string): Payload => {
  const found = GITHUB_EXAMPLES.find(
    (candidate) => candidate.event === event && (action === undefined || candidate.payload.action === action),
  );
  if (found === undefined) throw new Error(`no example of ${event} ${action ?? ''}`);
  return structuredClone(found.payload);
};

const named = (examples: GithubExample[]) => examples.map((one) => [one.name, one] as const);

describe("GitHub's real deliveries route to exactly the right triggers", () => {
  it.each(named(GITHUB_EXAMPLES))('%s, for a binding on its repository', (_name, { event, payload }) => {
    expect(routesOf(event, payload)).toEqual(expectedRoutes(event, payload));
  });

  it.each(named(GITHUB_EXAMPLES.filter((one) => one.payload.organization !== undefined)))(
    '%s, for a binding on its organization (an organization hook)',
    (_name, { event, payload }) => {
      expect(routesOf(event, payload, 'organization')).toEqual(expectedRoutes(event, payload));
    },
  );

  it("makes every event it yields valid against the trigger's own event schema", () => {
    const invalid: string[] = [];
    for (const { event, payload, name } of GITHUB_EXAMPLES) {
      for (const one of webhookTriggers) {
        for (const yielded of eventsOf(one, event, payload)) {
          const validate = eventSchemaOf(one);
          if (!validate(yielded)) invalid.push(`${one.id} on ${name}: ${JSON.stringify(validate.errors)}`);
        }
      }
    }
    expect(invalid).toEqual([]);
  });

  it('yields nothing for a delivery about another repository or organization', () => {
    for (const { event, payload } of GITHUB_EXAMPLES) {
      for (const one of webhookTriggers) {
        const login = 'login' in (one.config.properties as object) ? { login: 'Codertocat' } : {};
        const elsewhere =
          'owner' in (one.config.properties as object)
            ? { owner: 'someone-else', repo: payload.repository?.name ?? 'Hello-World', ...login }
            : { org: 'another-org', ...login };
        expect(eventsOf(one, event, payload, elsewhere)).toEqual([]);
        expect(eventsOf(one, event, payload, { org: 'another-org', ...login })).toEqual([]);
      }
    }
  });

  it('fires every webhook trigger on some real example, but three the examples predate or never mention', () => {
    const fired = new Set(
      GITHUB_EXAMPLES.flatMap(({ event, payload }) => Object.keys(routesOf(event, payload))),
    );
    const silent = webhookTriggers.map((one) => one.id).filter((id) => !fired.has(id));

    // Covered below by deliveries built from real ones: a branch created, a Status edit naming its field, a mention.
    expect(silent).toEqual(['github.new_branch', 'github.new_mention', 'github.project_item_status_changed']);
  });

  it('yields nothing for a ping, the delivery GitHub sends when a hook is created', () => {
    const pings = GITHUB_EXAMPLES.filter((one) => one.event === 'ping');
    expect(pings.length).toBeGreaterThan(0);
    for (const { payload } of pings) expect(routesOf('ping', payload)).toEqual({});
  });
});

describe('deliveries the examples do not cover, built from real ones', () => {
  it('makes one new_commit event per commit of a push, oldest first, and one new_push', () => {
    const push = example('push');
    const [first] = GITHUB_EXAMPLES.find((one) => one.event === 'push' && one.payload.commits.length > 0)!
      .payload.commits;
    push.commits = ['first', 'second', 'third'].map((message, index) => ({
      ...first,
      id: `${index + 1}`.repeat(40),
      message,
    }));

    expect(routesOf('push', push)).toEqual({ 'github.new_push': 1, 'github.new_commit': 3 });
    const commits = eventsOf(trigger('new_commit'), 'push', push) as Payload[];
    expect(commits.map((one) => one.commit.message)).toEqual(['first', 'second', 'third']);
    expect(commits[2]).toEqual({
      commit: push.commits[2],
      ref: push.ref,
      pusher: push.pusher,
      repository: push.repository,
      sender: push.sender,
      ...(push.organization === undefined ? {} : { organization: push.organization }),
    });
  });

  it('tells a new branch from a new tag', () => {
    const branch = { ...example('create'), ref: 'fix-spelling', ref_type: 'branch' };
    expect(routesOf('create', branch)).toEqual({ 'github.new_branch': 1 });
    expect(routesOf('create', example('create'))).toEqual({ 'github.new_tag': 1 });
  });

  it('fires project_item_status_changed only for an edit of the Status field', () => {
    const edited = example('projects_v2_item', 'edited');
    const withField = (name: string) => ({
      ...edited,
      changes: {
        field_value: {
          ...edited.changes.field_value,
          field_name: name,
          project_number: 1,
          from: { id: 'f75ad846', name: 'Todo', color: 'GREEN' },
          to: { id: '47fc9ee4', name: 'Done', color: 'PURPLE' },
        },
      },
    });

    expect(routesOf('projects_v2_item', withField('Status'))).toEqual({
      'github.project_item_status_changed': 1,
    });
    expect(routesOf('projects_v2_item', withField('Priority'))).toEqual({});
    // GitHub's older deliveries do not name the field, so a Status change cannot be recognised in them.
    expect(routesOf('projects_v2_item', edited)).toEqual({});
  });

  it('fires new_card_in_column for the column a binding names, and only that one', () => {
    const created = example('project_card', 'created');
    const column = created.project_card.column_id;
    const [owner, repo] = created.repository.full_name.split('/');
    const where = { owner, repo };

    expect(
      eventsOf(trigger('new_card_in_column'), 'project_card', created, { ...where, column_id: column }),
    ).toHaveLength(1);
    expect(
      eventsOf(trigger('new_card_in_column'), 'project_card', created, { ...where, column_id: column + 1 }),
    ).toEqual([]);
  });

  it('fires new_mention beside new_comment for a comment that mentions the login', () => {
    const comment = example('issue_comment', 'created');
    comment.comment.body = 'Good catch @Codertocat, thanks!';

    expect(routesOf('issue_comment', comment)).toEqual({ 'github.new_comment': 1, 'github.new_mention': 1 });
  });

  it('fires new_pull_request_review for approvals and requested changes, not for dismissals', () => {
    const submitted = example('pull_request_review', 'submitted');
    for (const state of ['approved', 'changes_requested', 'commented']) {
      const review = { ...submitted, review: { ...submitted.review, state } };
      expect(routesOf('pull_request_review', review)).toEqual({ 'github.new_pull_request_review': 1 });
    }
    expect(routesOf('pull_request_review', example('pull_request_review', 'dismissed'))).toEqual({});
  });
});
