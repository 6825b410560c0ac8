import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Gist } from '../github-gists.js';
import { listPages, NextPage, PageInput } from '../github-pages.js';
import { segment, Username } from '../github-paths.js';

const GistsPage = Type.Array(Gist);

export const listGistsForUser = defineStep({
  id: 'github.list_gists_for_user',
  title: 'List Gists for a User',
  description:
    "Lists a user's gists, newest first: public ones, and secret ones too when the user is the connected account. Files come without content.",
  effect: 'read',
  input: Type.Object(
    {
      username: Username,
      since: Type.Optional(
        Type.String({
          format: 'date-time',
          description: 'Only gists updated at or after this time (ISO 8601)',
        }),
      ),
      ...PageInput,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({ gists: Type.Array(Gist), next_page: NextPage }),
  run: async (input, ctx) => {
    const { username, since, ...paging } = input;
    const listed = await listPages<Static<typeof Gist>>(
      ctx,
      `users/${segment(username)}/gists`,
      { since },
      paging,
      { expect: GistsPage },
    );
    return {
      gists: listed.items,
      ...(listed.next_page === undefined ? {} : { next_page: listed.next_page }),
    };
  },
});
