import type { GithubState } from '../github-state.js';
import { repoKey } from '../shared/github-model.js';

/** octo-org/hello-world: v1.0.0 published, v1.1.0-rc a prerelease, v1.2.0 a draft only pushers see. */
export function seedReleases(state: GithubState): void {
  const key = repoKey('octo-org', 'hello-world');
  state.releases.add(key, {
    tag_name: 'v1.0.0',
    name: 'v1.0.0',
    body: 'First stable release.',
    author: 'octocat',
    created_at: '2024-03-01T12:00:00Z',
  });
  state.releases.add(key, {
    tag_name: 'v1.1.0-rc',
    name: 'v1.1.0 release candidate',
    body: 'Login flow, for testing.',
    prerelease: true,
    target_commitish: 'feature/login',
    author: 'hubot',
    created_at: '2024-04-01T12:00:00Z',
  });
  state.releases.add(key, {
    tag_name: 'v1.2.0',
    name: 'v1.2.0 (draft)',
    body: 'Work in progress.',
    draft: true,
    author: 'octocat',
    created_at: '2024-05-01T12:00:00Z',
  });
}
