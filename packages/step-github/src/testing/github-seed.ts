import { seedActions } from './actions/actions-seed.js';
import { seedGists } from './gists/gists-seed.js';
import type { GithubState } from './github-state.js';
import { seedIssues } from './issues/issue-seed.js';
import { seedProjects } from './projects/projects-seed.js';
import { seedReleases } from './releases/releases-seed.js';
import { seedRepositories } from './repositories/repository-seed.js';

/** The demo user's token: what `toolsteps emulate github` and offline runs connect with. */
export const DEMO_TOKEN = 'demo-octocat-token-0001';
/** A collaborator with push access to octo-org/hello-world. */
export const HUBOT_TOKEN = 'demo-hubot-token-0002';
/** A user with no access to anything private. */
export const MONA_TOKEN = 'demo-mona-token-0003';

export const DEMO_LOGIN = 'octocat';
export const DEMO_ORG = 'octo-org';

/** Each domain store adds its demo data here, after the accounts exist. */
type DomainSeed = (state: GithubState) => void;
const DOMAIN_SEEDS: DomainSeed[] = [
  seedRepositories,
  seedIssues,
  seedActions,
  seedGists,
  seedReleases,
  seedProjects,
];

/**
 * Users octocat (the demo account, member of octo-org), hubot and mona, with their tokens; then
 * every domain's demo data.
 */
export function seedGithubState(state: GithubState): GithubState {
  state.addAccount(
    { login: DEMO_LOGIN, type: 'User', name: 'The Octocat', email: 'octocat@example.com' },
    DEMO_TOKEN,
  );
  state.addAccount({ login: 'hubot', type: 'User', name: 'Hubot', email: 'hubot@example.com' }, HUBOT_TOKEN);
  state.addAccount({ login: 'mona', type: 'User', name: 'Mona Lisa', email: 'mona@example.com' }, MONA_TOKEN);
  state.addAccount({ login: DEMO_ORG, type: 'Organization', name: 'Octo Org', members: [DEMO_LOGIN] });
  for (const seed of DOMAIN_SEEDS) seed(state);
  return state;
}
