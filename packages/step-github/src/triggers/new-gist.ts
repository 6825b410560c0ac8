import { defineTrigger, type HttpClient, type Static, Type } from '@toolsteps/sdk';
import { linkHeaderLibrary } from '../link-header-library.js';
import { Nullable } from '../nullable.js';
import {
  advanceGistCursor,
  type GistCursor,
  isNewGist,
  NOTHING_SEEN,
  readGistCursor,
  writeGistCursor,
} from './gist-cursor.js';
import { codertocat } from './sample-parts.js';
import { Open } from './shapes/open-object.js';
import { User } from './shapes/user.js';

const Gist = Open({
  id: Type.String(),
  node_id: Type.String(),
  html_url: Type.String(),
  description: Nullable(Type.String()),
  public: Type.Boolean(),
  owner: Type.Optional(User),
  files: Type.Record(
    Type.String(),
    Open({
      filename: Type.String(),
      language: Type.Optional(Nullable(Type.String())),
      raw_url: Type.String(),
      size: Type.Integer(),
    }),
    { description: 'By file name; a list has no contents: read them from raw_url' },
  ),
  comments: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

type ListedGist = Static<typeof Gist>;

/** What the poll reads of each listed gist; the event passes on the rest as GitHub sent it. */
const GistsPage = Type.Array(Type.Object({ id: Type.String(), created_at: Type.String() }));

/** GitHub's largest page: most polls need one request. */
const PER_PAGE = 100;
/** A poll reads at most this many pages (10,000 gists updated since the last poll). */
const MAX_PAGES = 100;

export const newGist = defineTrigger({
  id: 'github.new_gist',
  title: 'New Gist',
  description:
    "Fires for each gist the connected account creates. GitHub sends no webhook for gists, so the account's gists are polled (GET /gists?since=…), every 5 minutes unless the binding's `interval` says otherwise (at least 1 minute).",
  delivery: 'poll',
  config: Type.Object(
    {},
    { additionalProperties: false, description: "Nothing to set: the connected account's gists" },
  ),
  event: Type.Object({ gist: Gist }),
  sample: {
    gist: {
      id: 'aa5a315d61ae9438b18d',
      node_id: 'MDQ6R2lzdGFhNWEzMTVkNjFhZTk0MzhiMThk',
      html_url: 'https://gist.github.com/aa5a315d61ae9438b18d',
      description: 'Hello World Examples',
      public: true,
      owner: codertocat,
      files: {
        'hello_world.rb': {
          filename: 'hello_world.rb',
          language: 'Ruby',
          raw_url: 'https://gist.githubusercontent.com/Codertocat/aa5a315d61ae9438b18d/raw/hello_world.rb',
          size: 167,
        },
      },
      comments: 0,
      created_at: '2010-04-14T02:15:15Z',
      updated_at: '2011-06-20T11:34:15Z',
    },
  },
  poll: {
    intervalMs: 5 * 60_000,
    minIntervalMs: 60_000,
    run: async (cursor, _config, ctx) => {
      if (cursor === undefined) {
        // Activation only marks where "new" starts: the newest of the first page, whatever order GitHub lists in.
        const first = await gistsPage(ctx.http, NOTHING_SEEN, PER_PAGE, 1);
        return { events: [], cursor: writeGistCursor(advanceGistCursor(NOTHING_SEEN, first.gists)) };
      }
      const seen = readGistCursor(cursor);
      const fresh = (await gistsUpdatedSince(ctx.http, seen)).filter((gist) => isNewGist(gist, seen));
      // Oldest first: GitHub lists newest first, so reversed, then sorted for any list in another order.
      fresh.reverse().sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
      return {
        events: fresh.map((gist) => ({ gist })),
        cursor: writeGistCursor(advanceGistCursor(seen, fresh)),
      };
    },
  },
});

/**
 * Every gist updated since the cursor's time (all of them before the account had one): a new
 * gist is among them whatever order GitHub lists them in, so every page is read.
 */
async function gistsUpdatedSince(http: HttpClient, seen: GistCursor): Promise<ListedGist[]> {
  const gists: ListedGist[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await gistsPage(http, seen, PER_PAGE, page);
    gists.push(...answer.gists);
    if (!answer.more) break;
  }
  return gists;
}

async function gistsPage(
  http: HttpClient,
  seen: GistCursor,
  perPage: number,
  page: number,
): Promise<{ gists: ListedGist[]; more: boolean }> {
  const { body, headers } = await http.request<ListedGist[]>({
    method: 'GET',
    path: 'gists',
    query: { since: seen.since ?? undefined, per_page: perPage, page },
    expect: GistsPage,
  });
  const more = headers.link !== undefined && linkHeaderLibrary().parse(headers.link).has('rel', 'next');
  return { gists: body, more: more && body.length > 0 };
}
