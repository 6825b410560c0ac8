import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { FilePath, Owner, Ref, Repo, repoPath, segments } from '../github-paths.js';
import { ContentEntry } from '../repository-shapes.js';

/** For type file (and symlink, submodule): GitHub's answer, plus `text`. */
const File = Type.Composite([
  ContentEntry,
  Type.Object({
    content: Type.Optional(
      Type.String({ description: "Files: GitHub's base64 of the bytes, wrapped at 60 characters" }),
    ),
    encoding: Type.Optional(Type.String({ description: 'base64 (none for files over 1 MB)' })),
    target: Type.Optional(Type.String({ description: 'Symlinks: the path they point to' })),
    text: Type.Optional(
      Type.String({
        description: 'The content decoded as UTF-8; absent for binary files (invalid UTF-8 or NUL bytes)',
      }),
    ),
  }),
]);

/** GitHub answers a folder with an array of entries, anything else with one object. */
const Answer = Type.Union([Type.Array(ContentEntry), File]);

const Output = Type.Object({
  type: Type.String({ description: 'file or dir (symlink or submodule for those entries)' }),
  path: Type.String({ description: "The path read; '' for the repository's root" }),
  file: Type.Optional(File),
  entries: Type.Optional(Type.Array(ContentEntry, { description: 'For type dir: its files and folders' })),
});

/**
 * One output shape for both answers GitHub gives: a file (an object) or a folder (an array). A
 * workflow branches on `type` and reads `file.text` or `entries`, never guessing the body's shape.
 */
export const getRepositoryContent = defineStep({
  id: 'github.get_repository_content',
  title: 'Get Repository Content',
  description:
    'Reads a file (with its text decoded when it is text) or lists a folder (the root when path is absent) at a branch, tag or commit; ref defaults to the default branch (GET /repos/{owner}/{repo}/contents/{path}).',
  effect: 'read',
  input: Type.Object(
    {
      owner: Owner,
      repo: Repo,
      path: Type.Optional(FilePath),
      ref: Type.Optional(Ref),
    },
    { additionalProperties: false },
  ),
  output: Output,
  run: async (input, ctx) => {
    const path = input.path ?? '';
    const { body } = await ctx.http.request<Static<typeof Answer>>({
      method: 'GET',
      path:
        path === ''
          ? repoPath(input.owner, input.repo, 'contents')
          : repoPath(input.owner, input.repo, 'contents', segments(path)),
      query: { ref: input.ref },
      expect: Answer,
    });
    if (Array.isArray(body)) return { type: 'dir', path, entries: body };
    const file = body;
    const text =
      file.type === 'file' && file.encoding === 'base64' && file.content !== undefined
        ? decodedText(file.content)
        : undefined;
    return { type: file.type, path, file: text === undefined ? file : { ...file, text } };
  },
});

/** The bytes as text when they are valid UTF-8 without NUL bytes (which mark binary files, as for git). */
function decodedText(base64: string): string | undefined {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
