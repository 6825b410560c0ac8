import { defineStep, type Static, type StepContext, StepError, Type, withOptions } from '@toolsteps/sdk';
import { FilePath, Owner, Ref, Repo, repoPath, segments } from '../github-paths.js';
import { Nullable } from '../nullable.js';
import { ContentEntry } from '../repository-shapes.js';

const Person = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    email: Type.String({ minLength: 1, format: 'email' }),
    date: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

/** GitHub's file-commit answer, whose fields its description makes optional (content nullable). */
const FileCommitAnswer = Type.Object({
  content: Nullable(Type.Partial(ContentEntry)),
  commit: Type.Partial(
    Type.Object({
      sha: Type.String(),
      html_url: Type.String(),
      message: Type.String(),
      parents: Type.Array(Type.Partial(Type.Object({ sha: Type.String() }))),
    }),
  ),
});

const FileCommit = Type.Composite([
  FileCommitAnswer,
  Type.Object({
    created: Type.Boolean({ description: 'true when the file was new, false when it was updated' }),
  }),
]);

/** What the step reads of the file as it is now: a folder is an array, anything else has a type and sha. */
const CurrentFile = Type.Union([
  Type.Array(Type.Unknown()),
  Type.Object({ type: Type.String(), sha: Type.String() }),
]);

export const createOrUpdateFile = defineStep({
  id: 'github.create_or_update_file',
  title: 'Create or Update File Contents',
  description:
    "Writes a text file in one commit (PUT /repos/{owner}/{repo}/contents/{path}). Without sha the file's current sha is read first; with sha the write fails if the file changed since.",
  effect: 'write',
  // Not idempotent: repeated, a write with sha conflicts (409) and one without commits again.
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      path: FilePath,
      content: Type.String({ description: 'The new content as text; sent as UTF-8 in base64' }),
      message: Type.String({ minLength: 1, description: 'The commit message' }),
      branch: Type.Optional(
        withOptions(Ref, { description: "The branch to commit to; default the repository's default branch" }),
      ),
      sha: Type.Optional(
        Type.String({
          pattern: '^[0-9a-fA-F]{40}$',
          description:
            'The blob sha of the file as you read it: the write is refused if the file changed since',
        }),
      ),
      committer: Type.Optional(withOptions(Person, { description: 'Default: the connected user' })),
      author: Type.Optional(withOptions(Person, { description: 'Default: the committer' })),
    },
    { additionalProperties: false },
  ),
  output: FileCommit,
  run: async (input, ctx) => {
    const { owner, repo, path, content, sha, ...rest } = input;
    const filePath = repoPath(owner, repo, 'contents', segments(path));
    const current = sha ?? (await currentSha(ctx, filePath, input.branch));
    const { status, body } = await ctx.http
      .request<Static<typeof FileCommitAnswer>>({
        method: 'PUT',
        path: filePath,
        json: {
          ...rest,
          content: Buffer.from(content, 'utf8').toString('base64'),
          ...(current ? { sha: current } : {}),
        },
        acceptStatus: [409],
        expect: FileCommitAnswer,
      })
      .catch((error: unknown) => {
        // The file was missing when read and another write created it since: GitHub now wants its sha.
        if (current === undefined && isShaMissing(error)) throw conflict(input, current, 422);
        throw error;
      });
    if (status === 409) throw conflict(input, current, status);
    return { ...body, created: status === 201 };
  },
});

/**
 * The 409 GitHub gives when the file's sha is no longer `current`: the caller's sha is stale, or,
 * when the step read the sha itself, another write changed the file between the read and the write.
 */
function conflict(
  input: { owner: string; repo: string; path: string; sha?: string },
  current: string | undefined,
  status: number,
): StepError {
  const file = `${input.owner}/${input.repo}:${input.path}`;
  if (input.sha !== undefined) {
    return new StepError({
      code: 'validation',
      field: '/args/sha',
      status,
      message: `${file} changed since sha ${input.sha} was read, so it was not overwritten; read the file again and retry with its current sha`,
    });
  }
  return new StepError({
    code: 'validation',
    field: '/args/path',
    status,
    message: `${file} was ${current === undefined ? 'created' : 'changed'} by another write after this step read it${current === undefined ? '' : ` (sha ${current})`}, so it was not overwritten; run the step again to write over the new version`,
  });
}

function isShaMissing(error: unknown): boolean {
  return error instanceof StepError && error.status === 422 && /"sha" wasn't supplied/.test(error.message);
}

/** The file's blob sha on the branch, or undefined when it does not exist yet (404: create it). */
async function currentSha(
  ctx: StepContext,
  filePath: string,
  branch: string | undefined,
): Promise<string | undefined> {
  const { status, body } = await ctx.http.request<Static<typeof CurrentFile>>({
    method: 'GET',
    path: filePath,
    query: { ref: branch },
    acceptStatus: [404],
    expect: CurrentFile,
  });
  if (status === 404) return undefined;
  if (Array.isArray(body) || body.type !== 'file') {
    throw new StepError({
      code: 'validation',
      field: '/args/path',
      message: `${filePath.replace(/^repos\//, '')} is a ${Array.isArray(body) ? 'folder' : body.type}, not a file; nothing was written`,
    });
  }
  return body.sha;
}
