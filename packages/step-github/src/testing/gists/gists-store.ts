import { createHash } from 'node:crypto';
import type { GithubCore } from '../shared/github-core.js';

export interface GistFileRecord {
  filename: string;
  content: string;
}

/** One revision in a gist's history, newest first in `GistRecord.history`. */
export interface GistRevision {
  version: string;
  user: string;
  committed_at: string;
  additions: number;
  deletions: number;
}

export interface GistRecord {
  /** Gist ids are 32 hex characters. */
  id: string;
  node_id: string;
  /** The owner's login. */
  owner: string;
  description: string | null;
  /** A secret gist is unlisted, not private: anyone with its id can read it. */
  public: boolean;
  /** In the order GitHub lists them: by file name. */
  files: GistFileRecord[];
  history: GistRevision[];
  created_at: string;
  updated_at: string;
}

/** Every user's gists. Edits add a revision whose version is a content hash, like a git commit. */
export class GistsStore {
  readonly #gists = new Map<string, GistRecord>();
  #count = 0;

  constructor(private readonly state: GithubCore) {}

  create(
    owner: string,
    fields: { description?: string | null; public?: boolean; files: GistFileRecord[]; created_at?: string },
  ): GistRecord {
    this.#count += 1;
    const id = createHash('md5').update(`gist:${this.#count}:${owner}`).digest('hex');
    const now = fields.created_at ?? this.state.isoNow();
    const gist: GistRecord = {
      id,
      node_id: this.state.nodeId('G', this.#count),
      owner,
      description: fields.description ?? null,
      public: fields.public ?? false,
      files: sortFiles(fields.files),
      history: [],
      created_at: now,
      updated_at: now,
    };
    this.#revise(gist, owner, [], now);
    this.#gists.set(id, gist);
    return gist;
  }

  get(id: string): GistRecord | undefined {
    return this.#gists.get(id);
  }

  /** A user's gists, newest first (the later created first on equal times); secret ones only when `withSecret`. */
  ofUser(login: string, withSecret: boolean): GistRecord[] {
    // The map keeps creation order: reversed, then stably sorted, a later gist wins every tie.
    return [...this.#gists.values()]
      .reverse()
      .filter((gist) => gist.owner.toLowerCase() === login.toLowerCase() && (withSecret || gist.public))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  /** Stores a checked edit: the new description (when given) and the gist's files as they now are. */
  update(
    gist: GistRecord,
    by: string,
    change: { description?: string | null; files: GistFileRecord[] },
  ): GistRecord {
    const before = gist.files;
    if (change.description !== undefined) gist.description = change.description;
    gist.files = sortFiles(change.files);
    const now = this.state.isoNow();
    gist.updated_at = now;
    this.#revise(gist, by, before, now);
    return gist;
  }

  #revise(gist: GistRecord, by: string, before: GistFileRecord[], at: string): void {
    const lines = (files: GistFileRecord[]) =>
      files.flatMap((file) => file.content.split('\n').map((line) => `${file.filename}\u0000${line}`));
    const old = new Set(lines(before));
    const now = lines(gist.files);
    const additions = now.filter((line) => !old.has(line)).length;
    const deletions = [...old].filter((line) => !now.includes(line)).length;
    const version = createHash('sha1')
      .update(`${gist.history[0]?.version ?? ''}\u0000${JSON.stringify(gist.files)}\u0000${at}`)
      .digest('hex');
    gist.history.unshift({ version, user: by, committed_at: at, additions, deletions });
  }
}

function sortFiles(files: GistFileRecord[]): GistFileRecord[] {
  return [...files].sort((a, b) => a.filename.localeCompare(b.filename));
}
