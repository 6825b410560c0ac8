import { createHash } from 'node:crypto';

/** A commit's author or committer, as git records them. */
export interface GitPerson {
  name: string;
  email: string;
  /** ISO 8601, e.g. 2024-01-10T09:00:00Z. */
  date: string;
}

/** A file's bytes; text is stored as UTF-8. */
export type FileContent = string | Uint8Array;

/** A snapshot of every file of a commit, by path. */
export type Tree = ReadonlyMap<string, Buffer>;

/** One commit: a full snapshot of the files, so reads never walk history. */
export interface CommitRecord {
  sha: string;
  treeSha: string;
  tree: Tree;
  parents: string[];
  message: string;
  author: GitPerson;
  committer: GitPerson;
}

/**
 * Object ids computed as git computes them (sha1 of `<type> <size>\0<body>`), so shas look and
 * behave like GitHub's: equal content gives an equal blob sha.
 */
function objectSha(type: 'blob' | 'tree' | 'commit', body: Buffer): string {
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]))
    .digest('hex');
}

export function toBuffer(content: FileContent): Buffer {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
}

export function blobSha(content: Buffer): string {
  return objectSha('blob', content);
}

/** The sha of the folder `prefix` ('' for the root) of a tree; undefined when no file lies under a folder. */
export function treeSha(tree: Tree, prefix = ''): string | undefined {
  const under = prefix === '' ? '' : `${prefix}/`;
  const files = new Map<string, string>();
  const folders = new Set<string>();
  for (const [path, content] of tree) {
    if (!path.startsWith(under)) continue;
    const rest = path.slice(under.length);
    const slash = rest.indexOf('/');
    if (slash === -1) files.set(rest, blobSha(content));
    else folders.add(rest.slice(0, slash));
  }
  if (files.size === 0 && folders.size === 0) {
    return prefix === '' ? objectSha('tree', Buffer.alloc(0)) : undefined;
  }
  // git orders entries by name, comparing a folder's name as if it ended with '/'.
  const entries = [
    ...[...files].map(([name, sha]) => ({ key: name, mode: '100644', name, sha })),
    ...[...folders].map((name) => ({
      key: `${name}/`,
      mode: '40000',
      name,
      sha: treeSha(tree, `${under}${name}`) as string,
    })),
  ].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const body = Buffer.concat(
    entries.flatMap((entry) => [Buffer.from(`${entry.mode} ${entry.name}\0`), Buffer.from(entry.sha, 'hex')]),
  );
  return objectSha('tree', body);
}

export function commitSha(fields: {
  treeSha: string;
  parents: readonly string[];
  author: GitPerson;
  committer: GitPerson;
  message: string;
}): string {
  const person = (role: string, who: GitPerson) =>
    `${role} ${who.name} <${who.email}> ${Math.floor(Date.parse(who.date) / 1000)} +0000\n`;
  const text = [
    `tree ${fields.treeSha}\n`,
    ...fields.parents.map((parent) => `parent ${parent}\n`),
    person('author', fields.author),
    person('committer', fields.committer),
    `\n${fields.message}`,
  ].join('');
  return objectSha('commit', Buffer.from(text, 'utf8'));
}
