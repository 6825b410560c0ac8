import type { Context } from '@toolsteps/emulator';
import { pathInUrl } from '../git/commit-json.js';
import { blobSha } from '../git/git-objects.js';
import type { Repository } from '../shared/github-model.js';
import { apiBase, htmlBase } from '../shared/github-urls.js';

/** GitHub wraps a file's base64 at 60 characters, each line ending in a newline. */
export function wrappedBase64(content: Buffer): string {
  return (content.toString('base64').match(/.{1,60}/g) ?? []).map((line) => `${line}\n`).join('');
}

/**
 * One entry of the contents API (a directory listing item, or the `content` of a file write):
 * name, path, sha, size and the URLs GitHub gives, at the ref it was read at.
 */
export function entryJson(
  c: Context,
  repo: Repository,
  ref: string,
  entry: { path: string; type: 'file' | 'dir'; sha: string; size: number },
) {
  const api = `${apiBase(c)}/repos/${repo.owner}/${repo.name}`;
  const html = `${htmlBase(c)}/${repo.owner}/${repo.name}`;
  const path = pathInUrl(entry.path);
  const file = entry.type === 'file';
  const url = `${api}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = `${api}/git/${file ? 'blobs' : 'trees'}/${entry.sha}`;
  const htmlUrl = `${html}/${file ? 'blob' : 'tree'}/${pathInUrl(ref)}/${path}`;
  return {
    type: entry.type,
    size: entry.size,
    name: entry.path.slice(entry.path.lastIndexOf('/') + 1),
    path: entry.path,
    sha: entry.sha,
    url,
    git_url: gitUrl,
    html_url: htmlUrl,
    download_url: file ? `${html}/raw/${pathInUrl(ref)}/${path}` : null,
    _links: { self: url, git: gitUrl, html: htmlUrl },
  };
}

/** GitHub's content-file shape: the entry plus the bytes in base64. */
export function fileJson(c: Context, repo: Repository, ref: string, path: string, content: Buffer) {
  return {
    ...entryJson(c, repo, ref, { path, type: 'file', sha: blobSha(content), size: content.length }),
    content: wrappedBase64(content),
    encoding: 'base64',
  };
}
