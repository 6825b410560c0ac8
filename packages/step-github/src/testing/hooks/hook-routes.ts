import type { Context } from '@toolsteps/emulator';
import type { RouteModule } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { notFound, validationFailed } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import { type GithubAccount, repoKey } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { type JsonObject, optional, readJson } from '../shared/github-request.js';
import { visibleRepo } from '../shared/repository-lookup.js';
import { hookJson, pingHookJson } from './hook-json.js';
import type { HookConfig, HookOwner, HookRecord } from './hooks-store.js';
import { hookTarget } from './webhook-events.js';
import { senderJson, webhookOrganizationJson, webhookRepositoryJson } from './webhook-json.js';

/** What GitHub says with each `ping`. */
const ZEN = 'Design for failure.';

/** Where a hook route's hooks live, and how its answers spell the owner. */
interface HookScope {
  owner: HookOwner;
  /** `owner/name` or the organization's login, as the answers' URLs spell it. */
  path: string;
  /** The payload fields naming the owner: `repository` (and `organization`) or `organization`. */
  envelope: () => Record<string, unknown>;
}

/**
 * Repository and organization webhooks: create, list, read, update, delete and ping. Only
 * administrators (repository admins, organization members here) see them; others get 404. Creating
 * a hook sends it a `ping`, as GitHub does.
 */
export const registerHookRoutes: RouteModule = (api, state) => {
  for (const [prefix, scopeOf] of [
    ['/repos/:owner/:repo/hooks', repositoryScope],
    ['/orgs/:org/hooks', organizationScope],
  ] as const) {
    api.get(prefix, (c) => {
      const s = state();
      const scope = scopeOf(c, s);
      return c.json(paginate(c, s.hooks.list(scope.owner)).map((hook) => hookJson(c, hook, scope.path)));
    });

    api.post(prefix, async (c) => {
      const s = state();
      const scope = scopeOf(c, s);
      const body = await readJson(c);
      const name = optional<string>(body, 'name', 'string', 'Hook');
      if (name !== undefined && name !== 'web') {
        throw validationFailed({ resource: 'Hook', code: 'invalid', field: 'name' });
      }
      const config = configOf(body, undefined);
      if (s.hooks.list(scope.owner).some((hook) => hook.config.url === config.url)) {
        const where = scope.owner.type === 'Repository' ? 'repository' : 'organization';
        throw validationFailed({
          resource: 'Hook',
          code: 'custom',
          message: `Hook already exists on this ${where}`,
        });
      }
      const hook = s.hooks.add({
        owner: scope.owner,
        active: optional<boolean>(body, 'active', 'boolean', 'Hook') ?? true,
        events: eventsOf(body, 'events') ?? ['push'],
        config,
      });
      ping(c, s, hook, scope);
      const json = hookJson(c, hook, scope.path);
      return c.json(json, 201, { location: json.url });
    });

    api.get(`${prefix}/:hook_id`, (c) => {
      const s = state();
      const scope = scopeOf(c, s);
      return c.json(hookJson(c, hookOf(c, s, scope), scope.path));
    });

    api.patch(`${prefix}/:hook_id`, async (c) => {
      const s = state();
      const scope = scopeOf(c, s);
      const hook = hookOf(c, s, scope);
      const body = await readJson(c);
      const config = body.config === undefined ? undefined : configOf(body, hook.config);
      const events = eventsOf(body, 'events');
      const added = eventsOf(body, 'add_events') ?? [];
      const removed = new Set(eventsOf(body, 'remove_events') ?? []);
      const active = optional<boolean>(body, 'active', 'boolean', 'Hook');
      if (config !== undefined) hook.config = config;
      if (events !== undefined || added.length > 0 || removed.size > 0) {
        hook.events = [...new Set([...(events ?? hook.events), ...added])].filter(
          (event) => !removed.has(event),
        );
      }
      if (active !== undefined) hook.active = active;
      s.hooks.touch(hook);
      return c.json(hookJson(c, hook, scope.path));
    });

    api.delete(`${prefix}/:hook_id`, (c) => {
      const s = state();
      s.hooks.remove(hookOf(c, s, scopeOf(c, s)));
      return c.body(null, 204);
    });

    api.post(`${prefix}/:hook_id/pings`, (c) => {
      const s = state();
      const scope = scopeOf(c, s);
      ping(c, s, hookOf(c, s, scope), scope);
      return c.body(null, 204);
    });
  }
};

/** A repository's hooks are its administrators' business: anyone else gets 404, as on GitHub. */
function repositoryScope(c: Context, s: GithubState): HookScope {
  const repo = visibleRepo(c, s);
  if (s.permissionOf(repo, callerOf(c).login) !== 'admin') throw notFound();
  const org = s.account(repo.owner);
  return {
    owner: { type: 'Repository', repoKey: repoKey(repo.owner, repo.name) },
    path: `${repo.owner}/${repo.name}`,
    envelope: () => ({
      repository: webhookRepositoryJson(c, s, repo),
      ...(org?.type === 'Organization' ? { organization: webhookOrganizationJson(c, org) } : {}),
    }),
  };
}

/** An organization's hooks: its members administer it in the emulator. */
function organizationScope(c: Context, s: GithubState): HookScope {
  const org = s.account(c.req.param('org') ?? '');
  const login = callerOf(c).login.toLowerCase();
  if (org === undefined || org.type !== 'Organization') throw notFound();
  if (!org.members?.some((member) => member.toLowerCase() === login)) throw notFound();
  return {
    owner: { type: 'Organization', org: org.login.toLowerCase() },
    path: org.login,
    envelope: () => ({ organization: webhookOrganizationJson(c, org as GithubAccount) }),
  };
}

function hookOf(c: Context, s: GithubState, scope: HookScope): HookRecord {
  const id = Number(c.req.param('hook_id'));
  const hook = Number.isInteger(id) ? s.hooks.find(scope.owner, id) : undefined;
  if (hook === undefined) throw notFound();
  return hook;
}

/** `ping` goes to the one hook, active or not, whatever its events. */
function ping(c: Context, s: GithubState, hook: HookRecord, scope: HookScope): void {
  const payload = {
    zen: ZEN,
    hook_id: hook.id,
    hook: pingHookJson(c, hook, scope.path),
    ...scope.envelope(),
    sender: senderJson(c, callerOf(c)),
  };
  s.webhooks.send(hook, hookTarget(s, hook), 'ping', payload);
}

/**
 * The `config` of a create (url required) or an update (replaces the config; the URL, content type
 * and SSL check are kept when left out, the secret is not: GitHub documents that an update without
 * it removes it). GitHub refuses URLs it cannot deliver to with 422.
 */
function configOf(body: JsonObject, current: HookConfig | undefined): HookConfig {
  const config = optional<JsonObject>(body, 'config', 'object', 'Hook');
  if (config === undefined)
    throw validationFailed({ resource: 'Hook', code: 'missing_field', field: 'config' });
  const url = optional<string>(config, 'url', 'string', 'Hook') ?? current?.url;
  if (url === undefined || url === '') {
    throw validationFailed({ resource: 'Hook', code: 'custom', message: 'url cannot be blank' });
  }
  if (!isDeliverable(url)) {
    throw validationFailed({
      resource: 'Hook',
      code: 'custom',
      message:
        "The URL you've entered is not valid. Please make sure that you encode all special characters first",
    });
  }
  const contentType =
    optional<string>(config, 'content_type', 'string', 'Hook') ?? current?.content_type ?? 'form';
  if (contentType !== 'json' && contentType !== 'form') {
    throw validationFailed({ resource: 'Hook', code: 'invalid', field: 'content_type', value: contentType });
  }
  const insecure = config.insecure_ssl ?? current?.insecure_ssl ?? '0';
  const insecureSsl = String(insecure);
  if (insecureSsl !== '0' && insecureSsl !== '1') {
    throw validationFailed({ resource: 'Hook', code: 'invalid', field: 'insecure_ssl', value: insecure });
  }
  const secret = optional<string>(config, 'secret', 'string', 'Hook');
  return {
    url,
    content_type: contentType,
    insecure_ssl: insecureSsl,
    ...(secret === undefined ? {} : { secret }),
  };
}

function isDeliverable(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '';
}

/** An events list: strings, each a GitHub event name or `*`. */
function eventsOf(body: JsonObject, field: string): string[] | undefined {
  const events = optional<unknown[]>(body, field, 'array', 'Hook');
  if (events === undefined) return undefined;
  for (const event of events) {
    if (typeof event !== 'string' || !(event === '*' || WEBHOOK_EVENTS.has(event))) {
      throw validationFailed({
        resource: 'Hook',
        code: 'custom',
        message: `${JSON.stringify(event)} is not a valid event name`,
      });
    }
  }
  return [...new Set(events as string[])];
}

/** The event names a hook may subscribe to, as GitHub documents them. */
const WEBHOOK_EVENTS = new Set(
  (
    'branch_protection_configuration branch_protection_rule check_run check_suite code_scanning_alert ' +
    'commit_comment create custom_property custom_property_values delete dependabot_alert deploy_key ' +
    'deployment deployment_protection_rule deployment_review deployment_status discussion ' +
    'discussion_comment fork github_app_authorization gollum installation installation_repositories ' +
    'installation_target issue_comment issues label marketplace_purchase member membership merge_group ' +
    'meta milestone org_block organization package page_build project project_card project_column ' +
    'projects_v2 projects_v2_item projects_v2_status_update public pull_request pull_request_review ' +
    'pull_request_review_comment pull_request_review_thread push registry_package release repository ' +
    'repository_advisory repository_dispatch repository_import repository_ruleset ' +
    'repository_vulnerability_alert secret_scanning_alert secret_scanning_alert_location ' +
    'security_advisory security_and_analysis sponsorship star status sub_issues team team_add watch ' +
    'workflow_dispatch workflow_job workflow_run'
  ).split(' '),
);
