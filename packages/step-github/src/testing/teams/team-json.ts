import type { Context } from '@toolsteps/emulator';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import type { TeamRecord } from './teams-store.js';

/** GitHub's team shape, as review requests list a pull request's `requested_teams`. */
export function teamJson(c: Context, team: TeamRecord) {
  const url = `${apiBase(c)}/organizations/${team.org}/team/${team.id}`;
  return {
    id: team.id,
    node_id: team.node_id,
    url,
    html_url: `${htmlBase(c)}/orgs/${team.org}/teams/${team.slug}`,
    name: team.name,
    slug: team.slug,
    description: team.description,
    privacy: 'closed',
    notification_setting: 'notifications_enabled',
    permission: team.permission,
    members_url: `${url}/members{/member}`,
    repositories_url: `${url}/repos`,
    type: 'organization',
    parent: null,
  };
}
