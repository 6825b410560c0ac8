import { StepError } from '@toolsteps/sdk';

/**
 * Where a new_gist binding's polls have got to: the creation time of the newest gist seen, and the
 * ids of the gists created in that same second (GitHub's times are to the second), so a gist
 * created in that second after a poll is neither lost nor reported twice. `since` null: the
 * account had no gist yet, so every gist is new.
 */
export interface GistCursor {
  since: string | null;
  ids: string[];
}

/** What a cursor needs of a listed gist. */
export interface ListedGist {
  id: string;
  created_at: string;
}

export function writeGistCursor(cursor: GistCursor): string {
  return JSON.stringify(cursor);
}

/** Reads a cursor this trigger wrote; a bare ISO time (an older or hand-made cursor) counts as one too. */
export function readGistCursor(text: string): GistCursor {
  try {
    const parsed = JSON.parse(text) as Partial<GistCursor>;
    if ((parsed.since === null || typeof parsed.since === 'string') && Array.isArray(parsed.ids)) {
      return { since: parsed.since, ids: parsed.ids.map(String) };
    }
  } catch {
    // Not JSON: maybe a bare time, below.
  }
  if (!Number.isNaN(Date.parse(text))) return { since: text, ids: [] };
  throw new StepError({
    code: 'validation',
    message: `github.new_gist cannot read its cursor ${JSON.stringify(text.slice(0, 100))}; deactivate and activate the binding to start afresh`,
  });
}

/** Whether a listed gist was created after what the cursor has seen. */
export function isNewGist(gist: ListedGist, cursor: GistCursor): boolean {
  if (cursor.since === null) return true;
  const created = Date.parse(gist.created_at);
  const since = Date.parse(cursor.since);
  return created > since || (created === since && !cursor.ids.includes(gist.id));
}

/** The cursor once `gists` (new since `cursor`) have been seen. */
export function advanceGistCursor(cursor: GistCursor, gists: readonly ListedGist[]): GistCursor {
  if (gists.length === 0) return cursor;
  const newest = Math.max(...gists.map((gist) => Date.parse(gist.created_at)));
  const atNewest = gists.filter((gist) => Date.parse(gist.created_at) === newest).map((gist) => gist.id);
  const sameSecond = cursor.since !== null && Date.parse(cursor.since) === newest;
  const since = gists.find((gist) => Date.parse(gist.created_at) === newest)?.created_at ?? null;
  return { since, ids: sameSecond ? [...cursor.ids, ...atNewest] : atNewest };
}

/** Before any poll: nothing seen, so the first poll's gists set the mark. */
export const NOTHING_SEEN: GistCursor = { since: null, ids: [] };
