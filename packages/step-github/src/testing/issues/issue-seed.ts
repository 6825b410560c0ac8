import type { GithubState } from '../github-state.js';
import { repoKey } from '../shared/github-model.js';

/** The numbers of octo-org/hello-world's demo issues and pull request, for tests and the demo. */
export const DEMO_ISSUES = {
  /** Open bug by mona, assigned to hubot, milestone v1.0, two comments. */
  safariCrash: 1,
  /** Open bug by octocat, nobody assigned. */
  darkMode: 2,
  /** Open bug by hubot, one comment. */
  sessionExpiry: 3,
  /** Closed bug (completed). */
  footerLink: 4,
  /** Open enhancement. */
  passkeys: 5,
  /** Open "good first issue" and documentation. */
  contributingGuide: 6,
  /** Open pull request feature/login -> main by octocat: hubot requested, mona commented. */
  loginPull: 7,
} as const;

/** The octo-org team that can be asked for reviews. */
export const DEMO_TEAM = 'core';

const REPO = { owner: 'octo-org', name: 'hello-world' };

/**
 * octo-org/hello-world's labels, milestone, issues and pull request. Runs after the repositories
 * seed (the pull request needs its branches) and before the projects seed (which adds issues).
 */
export function seedIssues(state: GithubState): void {
  const key = repoKey(REPO.owner, REPO.name);
  const head = state.git.branchSha(key, 'feature/login');
  const base = state.git.branchSha(key, 'main');
  if (head === undefined || base === undefined) {
    throw new Error(
      'seedIssues: octo-org/hello-world needs branches main and feature/login (seed git first)',
    );
  }
  const store = state.issues;
  state.labels.add(key, {
    name: 'bug',
    color: 'd73a4a',
    description: "Something isn't working",
    default: true,
  });
  state.labels.add(key, {
    name: 'enhancement',
    color: 'a2eeef',
    description: 'New feature or request',
    default: true,
  });
  state.labels.add(key, {
    name: 'good first issue',
    color: '7057ff',
    description: 'Good for newcomers',
    default: true,
  });
  state.labels.add(key, {
    name: 'documentation',
    color: '0075ca',
    description: 'Improvements or additions to documentation',
    default: true,
  });
  const milestone = state.milestones.add(key, {
    title: 'v1.0',
    description: 'The first stable release',
    creator: 'octocat',
    due_on: '2024-06-30T07:00:00Z',
  });
  state.teams.add(REPO.owner, {
    name: 'Core',
    slug: DEMO_TEAM,
    description: 'Reviews every change',
    permission: 'push',
  });

  const safari = store.create(key, {
    title: 'Login page crashes on Safari',
    body: 'Opening /login in Safari 17 shows a blank page and a TypeError in the console.',
    user: 'mona',
    labels: ['bug'],
    assignees: ['hubot'],
    milestone: milestone.number,
    created_at: '2024-02-20T09:00:00Z',
  });
  store.addComment(safari, 'octocat', 'Reproduced on Safari 17.2; Chrome is fine.', '2024-02-20T11:30:00Z');
  store.addComment(
    safari,
    'hubot',
    'Looking into it: the login script uses a regex lookbehind.',
    '2024-02-21T08:00:00Z',
  );
  store.create(key, {
    title: 'Dark mode colours are unreadable',
    body: 'Grey text on a dark grey background in the footer.',
    user: 'octocat',
    labels: ['bug'],
    created_at: '2024-02-22T10:00:00Z',
  });
  const session = store.create(key, {
    title: 'Session expires too early',
    body: 'Users are logged out after five minutes instead of an hour.',
    user: 'hubot',
    labels: ['bug'],
    created_at: '2024-02-24T15:00:00Z',
  });
  store.addComment(session, 'mona', 'Same here, it happens on every browser.', '2024-02-25T09:15:00Z');
  const footer = store.create(key, {
    title: 'Broken link in footer',
    body: 'The "About" link in the footer returns 404.',
    user: 'mona',
    labels: ['bug'],
    created_at: '2024-02-10T12:00:00Z',
  });
  store.close(footer, 'octocat', 'completed', '2024-02-12T16:00:00Z');
  store.create(key, {
    title: 'Support signing in with a passkey',
    body: 'Passkeys would spare users a password.',
    user: 'octocat',
    labels: ['enhancement'],
    created_at: '2024-02-26T13:00:00Z',
  });
  store.create(key, {
    title: 'Add a contributing guide',
    body: 'Explain how to set up the project and open a pull request.',
    user: 'octocat',
    labels: ['good first issue', 'documentation'],
    created_at: '2024-02-27T08:30:00Z',
  });

  const loginPull = store.create(key, {
    title: 'Add a login form',
    body: 'Adds src/login.js and greets the user by name. Fixes the first half of the login work.',
    user: 'octocat',
    created_at: '2024-03-01T12:00:00Z',
  });
  const pull = store.attachPull(loginPull, {
    head: { ref: 'feature/login', sha: head },
    base: { ref: 'main', sha: base },
    draft: false,
    maintainer_can_modify: false,
    requested_reviewers: ['hubot'],
    requested_teams: [],
  });
  loginPull.updated_at = '2024-03-02T10:00:00Z';
  store.addReview(pull, {
    user: 'mona',
    body: 'Looks good so far; the welcome message could mention the product name.',
    state: 'COMMENTED',
    commit_id: head,
    submitted_at: '2024-03-02T10:00:00Z',
  });
}
