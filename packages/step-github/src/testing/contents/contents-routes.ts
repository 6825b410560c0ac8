import type { Context, Hono } from '@toolsteps/emulator';
import { gitCommitJson } from '../git/commit-json.js';
import { blobSha, type Tree, treeSha } from '../git/git-objects.js';
import type { Signature, WriteCommit } from '../git/git-store.js';
import { emitPush } from '../git/webhook-git-events.js';
import type { StateRef } from '../github-route-module.js';
import type { GithubState } from '../github-state.js';
import { GithubApiError, notFound } from '../shared/github-api-error.js';
import { callerOf } from '../shared/github-caller.js';
import { type Repository, repoKey } from '../shared/github-model.js';
import { type JsonObject, queryParam, readJson } from '../shared/github-request.js';
import { filePathParam, visibleRepo, writableRepo } from '../shared/repository-lookup.js';
import { entryJson, fileJson } from './content-json.js';

/** The contents API: read a file or a folder at a ref, create, update or delete one file per commit. */
export function registerContentsRoutes(api: Hono, state: StateRef): void {
  api.get('/repos/:owner/:repo/contents', (c) => read(c, state(), ''));
  api.get('/repos/:owner/:repo/contents/', (c) => read(c, state(), ''));
  api.get('/repos/:owner/:repo/contents/:path{.+}', (c) => read(c, state(), filePathParam(c)));

  api.put('/repos/:owner/:repo/contents/:path{.+}', async (c) => {
    const repo = writableRepo(c, state());
    const path = filePathParam(c);
    const body = await readJson(c);
    const message = supplied(body, 'message');
    const content = decodeBase64(supplied(body, 'content'));
    const committer = signature(body, 'committer') ?? callerSignature(c);
    const author = signature(body, 'author') ?? committer;
    const { key, branch, current, head } = target(state(), repo, body, path);
    if (
      current === undefined &&
      head !== undefined &&
      clashes(state().git.commit(key, head)?.tree as Tree, path)
    ) {
      throw new GithubApiError(
        422,
        `Invalid request.\n\n"${path}" would replace a folder, or put a file inside a file.`,
      );
    }
    if (current !== undefined && body.sha === undefined) supplied(body, 'sha');
    if (body.sha !== undefined && (current === undefined || body.sha !== blobSha(current))) {
      throw new GithubApiError(409, `${path} does not match ${String(body.sha)}`);
    }
    const record = commitChange(c, state(), repo, key, {
      branch,
      changes: { [path]: content },
      message,
      author,
      committer,
    });
    const entry = { path, type: 'file' as const, sha: blobSha(content), size: content.length };
    return c.json(
      { content: entryJson(c, repo, branch, entry), commit: gitCommitJson(c, repo, record) },
      current === undefined ? 201 : 200,
    );
  });

  api.delete('/repos/:owner/:repo/contents/:path{.+}', async (c) => {
    const repo = writableRepo(c, state());
    const path = filePathParam(c);
    const body = await readJson(c);
    const message = supplied(body, 'message');
    const sha = supplied(body, 'sha');
    const committer = signature(body, 'committer') ?? callerSignature(c);
    const author = signature(body, 'author') ?? committer;
    const { key, branch, current } = target(state(), repo, body, path);
    if (current === undefined) throw notFound();
    if (sha !== blobSha(current)) throw new GithubApiError(409, `${path} does not match ${sha}`);
    const record = commitChange(c, state(), repo, key, {
      branch,
      changes: { [path]: null },
      message,
      author,
      committer,
    });
    return c.json({ content: null, commit: gitCommitJson(c, repo, record) });
  });
}

/** GET contents: a file's content-file, or a folder's entries (the root when `path` is ''). */
function read(c: Context, state: GithubState, path: string) {
  const repo = visibleRepo(c, state);
  const key = repoKey(repo.owner, repo.name);
  if (state.git.isEmpty(key)) throw new GithubApiError(404, 'This repository is empty.');
  const ref = queryParam(c, 'ref') ?? repo.default_branch;
  const sha = state.git.resolveRef(key, ref);
  if (sha === undefined) throw new GithubApiError(404, `No commit found for the ref ${ref}`);
  const tree = state.git.commit(key, sha)?.tree as Tree;
  const file = tree.get(path);
  if (file !== undefined) return c.json(fileJson(c, repo, ref, path, file));
  const entries = folderEntries(tree, path);
  if (entries.length === 0 && path !== '') throw notFound();
  return c.json(entries.map((entry) => entryJson(c, repo, ref, entry)));
}

function folderEntries(tree: Tree, folder: string) {
  const under = folder === '' ? '' : `${folder}/`;
  const names = new Map<string, 'file' | 'dir'>();
  for (const path of tree.keys()) {
    if (!path.startsWith(under)) continue;
    const rest = path.slice(under.length);
    const slash = rest.indexOf('/');
    names.set(slash === -1 ? rest : rest.slice(0, slash), slash === -1 ? 'file' : 'dir');
  }
  return [...names]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, type]) => {
      const path = `${under}${name}`;
      const content = tree.get(path);
      return type === 'file' && content !== undefined
        ? { path, type, sha: blobSha(content), size: content.length }
        : { path, type: 'dir' as const, sha: treeSha(tree, path) as string, size: 0 };
    });
}

/**
 * The branch a write goes to (default: the default branch) and the file's current content there.
 * An empty repository takes its first commit on any branch.
 */
function target(state: GithubState, repo: Repository, body: JsonObject, path: string) {
  const key = repoKey(repo.owner, repo.name);
  const branch = typeof body.branch === 'string' && body.branch !== '' ? body.branch : repo.default_branch;
  const head = state.git.branchSha(key, branch);
  if (head === undefined && !state.git.isEmpty(key))
    throw new GithubApiError(404, `Branch ${branch} not found`);
  const current = head === undefined ? undefined : state.git.file(key, head, path);
  return { key, branch, current, head };
}

/** A new file may not take a folder's name, nor sit under a path that is a file: git has no such tree. */
function clashes(tree: Tree, path: string): boolean {
  const parents = path.split('/').map((_part, index, parts) => parts.slice(0, index).join('/'));
  return (
    parents.some((parent) => parent !== '' && tree.has(parent)) ||
    [...tree.keys()].some((file) => file.startsWith(`${path}/`))
  );
}

/** A required text field of the contents API, refused the way GitHub words it. */
function supplied(body: JsonObject, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') {
    throw new GithubApiError(422, `Invalid request.\n\n"${field}" wasn't supplied.`);
  }
  return value;
}

function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) {
    throw new GithubApiError(422, 'content is not valid Base64');
  }
  return Buffer.from(compact, 'base64');
}

/** `committer` / `author`: both `name` and `email` are required when the object is given. */
function signature(body: JsonObject, field: 'committer' | 'author'): Signature | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new GithubApiError(422, `Invalid request.\n\n"${field}" is not an object.`);
  }
  const person = value as JsonObject;
  const name = supplied(person, 'name');
  const email = supplied(person, 'email');
  const date =
    typeof person.date === 'string' && !Number.isNaN(Date.parse(person.date)) ? person.date : undefined;
  return {
    name,
    email,
    ...(date === undefined ? {} : { date: new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z') }),
  };
}

function callerSignature(c: Context): Signature {
  const caller = callerOf(c);
  return { name: caller.name, email: caller.email ?? `${caller.login}@users.noreply.github.com` };
}

/** One commit through the contents API: the branch moves, the repository is updated, hooks hear a `push`. */
function commitChange(c: Context, state: GithubState, repo: Repository, key: string, write: WriteCommit) {
  const before = state.git.branchSha(key, write.branch);
  const record = state.git.writeCommit(key, write);
  repo.updated_at = record.committer.date;
  emitPush(c, state, repo, { ref: `refs/heads/${write.branch}`, before, after: record.sha });
  return record;
}
