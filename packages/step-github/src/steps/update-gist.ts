import { defineStep, type Static, StepError, Type } from '@toolsteps/sdk';
import { Gist, GistFileName, GistId } from '../github-gists.js';
import { segment } from '../github-paths.js';

const FileChange = Type.Union([
  Type.String({ minLength: 1, description: 'The new content' }),
  Type.Null({ description: 'Deletes the file' }),
  Type.Object(
    {
      content: Type.Optional(Type.String({ minLength: 1 })),
      filename: Type.Optional(GistFileName),
    },
    { additionalProperties: false, minProperties: 1, description: 'New content and/or a new name' },
  ),
]);

export const updateGist = defineStep({
  id: 'github.update_gist',
  title: 'Update Gist',
  description:
    "Changes a gist you own: its description, files' content, renames (filename), new files, and deletions (null).",
  effect: 'write',
  // Not idempotent: a rename or deletion names the file by its old name, which a repeat no longer finds.
  input: Type.Object(
    {
      gist_id: GistId,
      description: Type.Optional(Type.String()),
      files: Type.Optional(
        Type.Record(GistFileName, FileChange, {
          minProperties: 1,
          additionalProperties: false,
          description:
            'By current file name: text (new content; a new name adds a file), null (delete), or { content?, filename? } to rename',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Gist,
  run: async (input, ctx) => {
    if (input.description === undefined && input.files === undefined) {
      throw new StepError({
        code: 'validation',
        field: '/args/files',
        message: 'Nothing to change: give description, files, or both',
      });
    }
    const files =
      input.files &&
      Object.fromEntries(
        Object.entries(input.files).map(([name, change]) => [
          name,
          typeof change === 'string' ? { content: change } : change,
        ]),
      );
    const { body } = await ctx.http.request<Static<typeof Gist>>({
      method: 'PATCH',
      path: `gists/${segment(input.gist_id)}`,
      expect: Gist,
      json: {
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(files ? { files } : {}),
      },
    });
    return body;
  },
});
