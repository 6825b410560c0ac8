import type { Context } from '@toolsteps/emulator';
import type { RouteModule } from '../github-route-module.js';
import { notFound, validationFailed } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import { paginate } from '../shared/github-pagination.js';
import { optional, queryParam, readJson } from '../shared/github-request.js';
import { apiBase } from '../shared/github-urls.js';
import { editedGistFiles, newGistFiles } from './gist-files.js';
import { gistJson } from './gist-json.js';
import type { GistRecord } from './gists-store.js';

/** Create, read, edit and list gists: POST/GET /gists, GET/PATCH /gists/{id}, GET /users/{username}/gists. */
export const registerGistRoutes: RouteModule = (api, state) => {
  api.post('/gists', async (c) => {
    const body = await readJson(c);
    const files = newGistFiles(body);
    const gist = state().gists.create(callerOf(c).login, {
      description: optional<string>(body, 'description', 'string', 'Gist') ?? null,
      public: publicFlag(body.public),
      files,
    });
    c.header('location', `${apiBase(c)}/gists/${gist.id}`);
    return c.json(gistJson(c, state(), gist, true), 201);
  });

  api.get('/gists', (c) => {
    const gists = state().gists.ofUser(callerOf(c).login, true);
    return c.json(paginate(c, updatedSince(c, gists)).map((gist) => gistJson(c, state(), gist, false)));
  });

  api.get('/users/:username/gists', (c) => {
    const user = state().account(c.req.param('username'));
    if (user === undefined) throw notFound();
    const own = user.login.toLowerCase() === callerOf(c).login.toLowerCase();
    const gists = state().gists.ofUser(user.login, own);
    return c.json(paginate(c, updatedSince(c, gists)).map((gist) => gistJson(c, state(), gist, false)));
  });

  // Secret gists are unlisted, not private: their id is enough to read them.
  api.get('/gists/:gist_id', (c) => c.json(gistJson(c, state(), gistOf(c), true)));

  api.patch('/gists/:gist_id', async (c) => {
    const gist = gistOf(c);
    const caller = callerOf(c).login;
    // GitHub hides the gists one may not edit behind a 404, as it does private repositories.
    if (gist.owner.toLowerCase() !== caller.toLowerCase()) throw notFound();
    const body = await readJson(c);
    const description =
      body.description === null ? null : optional<string>(body, 'description', 'string', 'Gist');
    const files = editedGistFiles(gist.files, body.files);
    state().gists.update(gist, caller, { description, files });
    return c.json(gistJson(c, state(), gist, true));
  });

  function gistOf(c: Context): GistRecord {
    const gist = state().gists.get(c.req.param('gist_id') ?? '');
    if (gist === undefined) throw notFound();
    return gist;
  }
};

/** `public` may come as a boolean or as the text "true"/"false"; absent means secret. */
function publicFlag(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw validationFailed({
    resource: 'Gist',
    code: 'invalid',
    field: 'public',
    message: 'public must be a boolean',
  });
}

/** The `since` filter: gists updated at or after the timestamp. */
function updatedSince(c: Context, gists: GistRecord[]): GistRecord[] {
  const since = queryParam(c, 'since');
  if (since === undefined) return gists;
  const time = Date.parse(since);
  if (Number.isNaN(time)) {
    throw validationFailed({
      resource: 'Gist',
      code: 'invalid',
      field: 'since',
      message: 'since must be an ISO 8601 timestamp (YYYY-MM-DDTHH:MM:SSZ)',
    });
  }
  return gists.filter((gist) => Date.parse(gist.updated_at) >= time);
}
