import { Type } from '@toolsteps/sdk';
import { Nullable } from './nullable.js';

/**
 * The useful fields of GitHub's repository, commit and contents answers, for step outputs. The
 * objects allow the other properties GitHub sends, which steps pass through untouched. No field is
 * stricter than GitHub's OpenAPI description (a test checks it), so no real answer fails.
 */

export const Login = Type.Object({ login: Type.String(), id: Type.Integer(), type: Type.String() });

export const Repository = Type.Object({
  id: Type.Integer(),
  node_id: Type.String(),
  name: Type.String(),
  full_name: Type.String({ description: 'owner/name' }),
  owner: Login,
  private: Type.Boolean(),
  visibility: Type.Optional(Type.String({ description: 'public, private or internal' })),
  description: Nullable(Type.String()),
  html_url: Type.String(),
  clone_url: Type.String(),
  default_branch: Type.String(),
  stargazers_count: Type.Integer(),
  open_issues_count: Type.Integer(),
  created_at: Nullable(Type.String()),
  pushed_at: Nullable(Type.String()),
  permissions: Type.Optional(
    Type.Object(
      { admin: Type.Boolean(), push: Type.Boolean(), pull: Type.Boolean() },
      { description: "The connected account's permissions on the repository" },
    ),
  ),
});

const GitPerson = Nullable(
  Type.Object({
    name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String()),
    date: Type.Optional(Type.String()),
  }),
);

export const Commit = Type.Object({
  sha: Type.String(),
  html_url: Type.String(),
  commit: Type.Object({ message: Type.String(), author: GitPerson, committer: GitPerson }),
  author: Type.Union([Login, Type.Object({}), Type.Null()], {
    description: 'The GitHub user whose email the author used; null when no account has it',
  }),
  parents: Type.Array(Type.Object({ sha: Type.String() })),
  files: Type.Optional(
    Type.Array(
      Type.Object({
        filename: Type.String(),
        status: Type.String(),
        additions: Type.Integer(),
        deletions: Type.Integer(),
      }),
      { description: 'Files the commit changed (single-commit answers only)' },
    ),
  ),
});

/** One entry of a folder listing, or the `content` of a file write. */
export const ContentEntry = Type.Object({
  type: Type.String({ description: 'file, dir, symlink or submodule' }),
  name: Type.String(),
  path: Type.String(),
  sha: Type.String(),
  size: Type.Integer(),
  html_url: Nullable(Type.String()),
  download_url: Nullable(Type.String()),
});
