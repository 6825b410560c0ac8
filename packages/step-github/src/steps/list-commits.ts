import { defineStep, type Static, Type, withOptions } from '@toolsteps/sdk';
import { listPages, NextPage, PageInput } from '../github-pages.js';
import { FilePath, Owner, Ref, Repo, repoPath } from '../github-paths.js';
import { Commit } from '../repository-shapes.js';

/** A page of commits, as the step returns them. */
const CommitsPage = Type.Array(Commit);

export const listCommits = defineStep({
  id: 'github.list_commits',
  title: 'List Commits',
  description:
    'Lists the commits of a branch or from a sha, newest first, optionally only those touching a path, by an author or in a time window (GET /repos/{owner}/{repo}/commits).',
  effect: 'read',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      sha: Type.Optional(
        withOptions(Ref, { description: 'Branch or commit sha to list from; default the default branch' }),
      ),
      path: Type.Optional(
        withOptions(FilePath, { description: 'Only commits that changed this file or folder' }),
      ),
      author: Type.Optional(
        Type.String({ minLength: 1, description: 'Only commits by this GitHub login or author email' }),
      ),
      committer: Type.Optional(
        Type.String({ minLength: 1, description: 'Only commits committed by this login or email' }),
      ),
      since: Type.Optional(
        Type.String({ format: 'date-time', description: 'Only commits after this time (ISO 8601)' }),
      ),
      until: Type.Optional(
        Type.String({ format: 'date-time', description: 'Only commits before this time (ISO 8601)' }),
      ),
      ...PageInput,
    },
    { additionalProperties: false },
  ),
  output: Type.Object({ commits: Type.Array(Commit), next_page: NextPage }),
  run: async ({ owner, repo, per_page, page, all, limit, ...filters }, ctx) => {
    const listed = await listPages<Static<typeof Commit>>(
      ctx,
      repoPath(owner, repo, 'commits'),
      filters,
      { per_page, page, all, limit },
      { expect: CommitsPage },
    );
    return {
      commits: listed.items,
      ...(listed.next_page === undefined ? {} : { next_page: listed.next_page }),
    };
  },
});
