import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { listPages, NextPage, PageInput } from '../github-pages.js';
import { Owner, Repo, repoPath } from '../github-paths.js';

const Release = Type.Object({
  id: Type.Integer(),
  tag_name: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  draft: Type.Boolean({ description: 'Drafts are listed only to users with push access' }),
  prerelease: Type.Boolean(),
  html_url: Type.String(),
  created_at: Type.String(),
  published_at: Type.Union([Type.String(), Type.Null()]),
  body: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

const ReleasesPage = Type.Array(Release);

export const listReleases = defineStep({
  id: 'github.list_releases',
  title: 'List Releases',
  description:
    "Lists a repository's releases, newest first (not plain git tags); drafts appear only with push access.",
  effect: 'read',
  input: Type.Object({ owner: Owner, repo: Repo, ...PageInput }, { additionalProperties: false }),
  output: Type.Object({ releases: Type.Array(Release), next_page: NextPage }),
  run: async (input, ctx) => {
    const { owner, repo, ...paging } = input;
    const listed = await listPages<Static<typeof Release>>(
      ctx,
      repoPath(owner, repo, 'releases'),
      {},
      paging,
      { expect: ReleasesPage },
    );
    return {
      releases: listed.items,
      ...(listed.next_page === undefined ? {} : { next_page: listed.next_page }),
    };
  },
});
