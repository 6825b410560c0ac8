import type { GithubCore } from '../shared/github-core.js';

export interface ReleaseRecord {
  id: number;
  node_id: string;
  repoKey: string;
  tag_name: string;
  /** The branch or commit the tag is (or will be) created from. */
  target_commitish: string;
  name: string | null;
  body: string | null;
  /** Drafts are seen only by users with push access. */
  draft: boolean;
  prerelease: boolean;
  /** The author's login. */
  author: string;
  created_at: string;
  /** Null while a draft. */
  published_at: string | null;
}

export type NewRelease = Pick<ReleaseRecord, 'tag_name' | 'author'> &
  Partial<Omit<ReleaseRecord, 'id' | 'node_id' | 'repoKey' | 'tag_name' | 'author'>>;

/** Releases per repository. */
export class ReleasesStore {
  readonly #releases = new Map<string, ReleaseRecord[]>();

  constructor(private readonly state: GithubCore) {}

  add(repoKey: string, fields: NewRelease): ReleaseRecord {
    const id = this.state.nextId();
    const created = fields.created_at ?? this.state.isoNow();
    const draft = fields.draft ?? false;
    const release: ReleaseRecord = {
      target_commitish: 'main',
      name: fields.tag_name,
      body: null,
      prerelease: false,
      published_at: draft ? null : created,
      ...fields,
      draft,
      created_at: created,
      id,
      node_id: this.state.nodeId('RE', id),
      repoKey,
    };
    this.#releases.set(repoKey, [...(this.#releases.get(repoKey) ?? []), release]);
    return release;
  }

  /** Newest first, as GitHub lists them; drafts only when `withDrafts`. */
  list(repoKey: string, withDrafts: boolean): ReleaseRecord[] {
    return (this.#releases.get(repoKey) ?? [])
      .filter((release) => withDrafts || !release.draft)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  }

  /** The newest published release that is not a prerelease. */
  latest(repoKey: string): ReleaseRecord | undefined {
    return this.list(repoKey, false).find((release) => !release.prerelease);
  }

  /** A published release by its tag. */
  byTag(repoKey: string, tag: string): ReleaseRecord | undefined {
    return this.list(repoKey, false).find((release) => release.tag_name === tag);
  }
}
