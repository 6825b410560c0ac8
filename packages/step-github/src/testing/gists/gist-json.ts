import type { Context } from '@toolsteps/emulator';
import type { GithubState } from '../github-state.js';
import { accountJson } from '../shared/account-json.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';
import type { GistFileRecord, GistRecord } from './gists-store.js';

/** The type and language GitHub's linguist gives common extensions; others are plain text. */
const LANGUAGES: Record<string, [type: string, language: string]> = {
  md: ['text/markdown', 'Markdown'],
  txt: ['text/plain', 'Text'],
  json: ['application/json', 'JSON'],
  js: ['application/javascript', 'JavaScript'],
  ts: ['application/typescript', 'TypeScript'],
  py: ['application/x-python', 'Python'],
  rb: ['application/x-ruby', 'Ruby'],
  sh: ['application/x-sh', 'Shell'],
  yml: ['application/x-yaml', 'YAML'],
  yaml: ['application/x-yaml', 'YAML'],
};

/**
 * GitHub's gist shapes: `base-gist` in lists (files without content) and `gist-simple` for one gist
 * (with content and history).
 */
export function gistJson(c: Context, state: GithubState, gist: GistRecord, full: boolean) {
  const url = `${apiBase(c)}/gists/${gist.id}`;
  const html = `${htmlBase(c)}/gist/${gist.id}`;
  const version = gist.history[0]?.version ?? '';
  const files = Object.fromEntries(
    gist.files.map((file) => [file.filename, fileJson(c, gist, version, file, full)]),
  );
  return {
    url,
    forks_url: `${url}/forks`,
    commits_url: `${url}/commits`,
    id: gist.id,
    node_id: gist.node_id,
    git_pull_url: `${html}.git`,
    git_push_url: `${html}.git`,
    html_url: html,
    files,
    public: gist.public,
    created_at: gist.created_at,
    updated_at: gist.updated_at,
    description: gist.description,
    comments: 0,
    comments_enabled: true,
    user: null,
    comments_url: `${url}/comments`,
    owner: userJson(c, state, gist.owner),
    truncated: false,
    ...(full
      ? {
          forks: [],
          history: gist.history.map((revision) => ({
            user: userJson(c, state, revision.user),
            version: revision.version,
            committed_at: revision.committed_at,
            change_status: {
              total: revision.additions + revision.deletions,
              additions: revision.additions,
              deletions: revision.deletions,
            },
            url: `${url}/${revision.version}`,
          })),
        }
      : {}),
  };
}

function fileJson(c: Context, gist: GistRecord, version: string, file: GistFileRecord, full: boolean) {
  const extension = file.filename.includes('.') ? file.filename.split('.').pop()!.toLowerCase() : '';
  const [type, language] = LANGUAGES[extension] ?? ['text/plain', 'Text'];
  return {
    filename: file.filename,
    type,
    language,
    raw_url: `${htmlBase(c)}/gist/${gist.owner}/${gist.id}/raw/${version}/${encodeURIComponent(file.filename)}`,
    size: Buffer.byteLength(file.content),
    ...(full ? { truncated: false, content: file.content, encoding: 'utf-8' } : {}),
  };
}

function userJson(c: Context, state: GithubState, login: string) {
  return accountJson(c, state.account(login) ?? { id: 0, node_id: '', login, type: 'User' });
}
