import { Type } from '@toolsteps/sdk';
import { Nullable } from './nullable.js';

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

/**
 * The fields of GitHub's gist a step declares; the body keeps the rest (history, urls). GitHub's
 * description of a created or updated gist (gist-simple) requires none of them, so all are optional.
 */
export const Gist = Type.Object({
  id: Type.Optional(Type.String()),
  html_url: Type.Optional(Type.String()),
  description: Type.Optional(Nullable(Type.String())),
  public: Type.Optional(Type.Boolean()),
  owner: Type.Optional(Type.Object({ login: Type.String() })),
  files: Type.Optional(
    Type.Record(
      Type.String(),
      Nullable(
        Type.Object({
          filename: Type.Optional(Type.String()),
          language: Type.Optional(Nullable(Type.String())),
          raw_url: Type.Optional(Type.String()),
          size: Type.Optional(Type.Integer()),
          content: Type.Optional(
            Type.String({ description: 'Present when one gist is read, absent in lists' }),
          ),
        }),
      ),
    ),
  ),
  created_at: Type.Optional(Type.String()),
  updated_at: Type.Optional(Type.String()),
});
