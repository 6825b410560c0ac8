import type { Signature } from '../git/git-store.js';
import type { GithubState } from '../github-state.js';
import { repoKey } from '../shared/github-model.js';

/** The demo repository: public, owned by octo-org, with history, a feature branch, a tag and a collaborator. */
export const DEMO_REPO = { owner: 'octo-org', repo: 'hello-world' } as const;
/** A public repository of octocat's own. */
export const SPOON_KNIFE_REPO = { owner: 'octocat', repo: 'spoon-knife' } as const;
/** A private repository of octocat's: hubot and mona get 404 for it. */
export const PRIVATE_REPO = { owner: 'octocat', repo: 'secret-plans' } as const;
/** A branch of DEMO_REPO one commit ahead of main. */
export const DEMO_FEATURE_BRANCH = 'feature/login';
/** A tag of DEMO_REPO on an older commit of main. */
export const DEMO_TAG = 'v1.0.0';

/** A 1x1 PNG: binary content (it holds NUL bytes) for the contents API to serve. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const at = (date: string) => ({
  octocat: { name: 'The Octocat', email: 'octocat@example.com', date },
  hubot: { name: 'Hubot', email: 'hubot@example.com', date },
  // An outside contributor: no GitHub account has this email, so GitHub shows no `author` user.
  ada: { name: 'Ada Lovelace', email: 'ada@example.org', date },
});

/** Repositories with git history; runs first, as issues, pulls and workflow runs point into it. */
export function seedRepositories(state: GithubState): void {
  const created = {
    created_at: '2024-01-05T09:00:00Z',
    updated_at: '2024-01-05T09:00:00Z',
    pushed_at: '2024-01-05T09:00:00Z',
  };
  const demo = state.addRepository({
    owner: DEMO_REPO.owner,
    name: DEMO_REPO.repo,
    description: 'My first repository on GitHub!',
    homepage: 'https://example.com/hello-world',
    ...created,
  });
  demo.collaborators.set('hubot', 'push');
  demo.stargazers.add('hubot');
  const key = repoKey(DEMO_REPO.owner, DEMO_REPO.repo);
  const commit = (
    branch: string,
    author: Signature,
    message: string,
    changes: Record<string, string | Buffer>,
  ) => state.git.writeCommit(key, { branch, author, message, changes });

  commit('main', at('2024-01-10T09:00:00Z').octocat, 'Initial commit', {
    'README.md': '# hello-world\n\nMy first repository on GitHub!\n',
  });
  commit('main', at('2024-01-12T10:30:00Z').hubot, 'Add the entry point', {
    'src/index.js': "console.log('Hello, world!');\n",
  });
  const tagged = commit('main', at('2024-01-20T14:00:00Z').octocat, 'Write the guide', {
    'docs/guide.md': '# Guide\n\nRun `node src/index.js`.\n',
  });
  state.git.setRef(key, `refs/tags/${DEMO_TAG}`, tagged.sha);
  commit('main', at('2024-02-02T08:15:00Z').ada, 'Add the logo', { 'assets/logo.png': LOGO_PNG });
  commit('main', at('2024-02-18T16:45:00Z').hubot, 'Explain how to run it', {
    'README.md': '# hello-world\n\nMy first repository on GitHub!\n\nRun it with `node src/index.js`.\n',
  });
  state.git.setRef(key, `refs/heads/${DEMO_FEATURE_BRANCH}`, state.git.branchSha(key, 'main') as string);
  commit(DEMO_FEATURE_BRANCH, at('2024-03-01T11:00:00Z').hubot, 'Add a login form', {
    'src/login.js': "export function login(user) {\n  return 'Welcome, ' + user + '!';\n}\n",
    'src/index.js': "import { login } from './login.js';\n\nconsole.log(login('world'));\n",
  });

  state.addRepository({
    owner: SPOON_KNIFE_REPO.owner,
    name: SPOON_KNIFE_REPO.repo,
    description: 'This repo is for demonstration purposes only.',
    ...created,
  });
  state.git.writeCommit(repoKey(SPOON_KNIFE_REPO.owner, SPOON_KNIFE_REPO.repo), {
    branch: 'main',
    author: at('2024-01-06T12:00:00Z').octocat,
    message: 'Create the spoon',
    changes: {
      'README.md': '# spoon-knife\n\nFork me to practise.\n',
      'index.html':
        '<!DOCTYPE html>\n<title>Spoon-Knife</title>\n<link rel="stylesheet" href="styles.css">\n',
      'styles.css': '* { margin: 0; }\n',
    },
  });

  state.addRepository({ owner: PRIVATE_REPO.owner, name: PRIVATE_REPO.repo, private: true, ...created });
  state.git.writeCommit(repoKey(PRIVATE_REPO.owner, PRIVATE_REPO.repo), {
    branch: 'main',
    author: at('2024-01-08T18:00:00Z').octocat,
    message: 'Plan world domination',
    changes: { 'plans.md': '# Plans\n\n1. Octocats everywhere.\n' },
  });
}
