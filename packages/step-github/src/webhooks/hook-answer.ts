import { Type } from '@toolsteps/sdk';

/**
 * What registration reads of GitHub's hook (repository `hook` and `org-hook` alike). GitHub
 * documents every field of `config` as optional, and never sends the secret back: `secret` is
 * `********` when one is set, absent when none is.
 */
export const Hook = Type.Object({
  id: Type.Integer(),
  active: Type.Boolean(),
  events: Type.Array(Type.String()),
  config: Type.Object({
    url: Type.Optional(Type.String()),
    content_type: Type.Optional(Type.String()),
    insecure_ssl: Type.Optional(Type.Union([Type.String(), Type.Number()])),
    secret: Type.Optional(Type.String()),
  }),
});

export const HookList = Type.Array(Hook);
