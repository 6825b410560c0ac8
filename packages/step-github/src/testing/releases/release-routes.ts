import type { Context } from '@toolsteps/emulator';
import type { RouteModule } from '../github-route-module.js';
import { notFound } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import { type Repository, repoKey } from '../shared/github-model.js';
import { paginate } from '../shared/github-pagination.js';
import { hasPermission } from '../shared/repository-access.js';
import { visibleRepo } from '../shared/repository-lookup.js';
import { releaseJson } from './release-json.js';
import type { ReleaseRecord } from './releases-store.js';

/** Reading releases: the list (drafts for pushers only), the latest one, and one by tag. */
export const registerReleaseRoutes: RouteModule = (api, state) => {
  api.get('/repos/:owner/:repo/releases', (c) => {
    const repo = visibleRepo(c, state());
    const withDrafts = hasPermission(state(), repo, callerOf(c).login, 'push');
    const releases = state().releases.list(repoKey(repo.owner, repo.name), withDrafts);
    return c.json(paginate(c, releases).map((release) => releaseJson(c, state(), repo, release)));
  });

  api.get('/repos/:owner/:repo/releases/latest', (c) => {
    const repo = visibleRepo(c, state());
    return answer(c, repo, state().releases.latest(repoKey(repo.owner, repo.name)));
  });

  api.get('/repos/:owner/:repo/releases/tags/:tag', (c) => {
    const repo = visibleRepo(c, state());
    return answer(c, repo, state().releases.byTag(repoKey(repo.owner, repo.name), c.req.param('tag')));
  });

  function answer(c: Context, repo: Repository, release: ReleaseRecord | undefined) {
    if (release === undefined) throw notFound();
    return c.json(releaseJson(c, state(), repo, release));
  }
};
