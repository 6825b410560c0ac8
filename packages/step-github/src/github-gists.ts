import { Type } from '@toolsteps/engine';

/** Gist ids are hex strings (very old gists: digits). */
export const GistId = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[0-9a-fA-F]+$',
  description: 'The id of the gist, as in its URL: https://gist.github.com/<owner>/<gist_id>',
});

/** A gist file name: any text but a path. */
export const GistFileName = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^(?!\\s*$)[^/\\\\]+$',
  description: 'A file name such as notes.md (no slashes)',
});

/** The fields of GitHub's gist a step declares; the body keeps the rest (history, urls). */
export const Gist = Type.Object({
  id: Type.String(),
  html_url: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  public: Type.Boolean(),
  owner: Type.Optional(Type.Object({ login: Type.String() })),
  files: Type.Record(
    Type.String(),
    Type.Object({
      filename: Type.Optional(Type.String()),
      language: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      raw_url: Type.Optional(Type.String()),
      size: Type.Optional(Type.Integer()),
      content: Type.Optional(Type.String({ description: 'Present when one gist is read, absent in lists' })),
    }),
  ),
  created_at: Type.String(),
  updated_at: Type.String(),
});
