import { defineStep, type Static, Type } from '@toolsteps/sdk';
import { Gist, GistFileName } from '../github-gists.js';

export const createGist = defineStep({
  id: 'github.create_gist',
  title: 'Create Gist',
  description: 'Creates a gist of one or more text files, secret (the default) or public.',
  effect: 'write',
  input: Type.Object(
    {
      files: Type.Record(GistFileName, Type.String({ minLength: 1 }), {
        minProperties: 1,
        additionalProperties: false,
        description: 'File name to text content, e.g. { "notes.md": "# Notes" }; at least one file',
      }),
      description: Type.Optional(Type.String({ description: 'What the gist is about' })),
      public: Type.Optional(
        Type.Boolean({ description: 'Listed publicly; default false: secret (unlisted, readable by link)' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: Gist,
  run: async (input, ctx) => {
    // GitHub wants { name: { content } }; the step takes the plainer { name: content }.
    const files = Object.fromEntries(
      Object.entries(input.files).map(([name, content]) => [name, { content }]),
    );
    const { body } = await ctx.http.request<Static<typeof Gist>>({
      method: 'POST',
      path: 'gists',
      expect: Gist,
      json: {
        files,
        public: input.public ?? false,
        ...(input.description === undefined ? {} : { description: input.description }),
      },
    });
    return body;
  },
});
