import { PATTERN_HINT, type StepContext, StepError, type TSchema, Type } from '@toolsteps/sdk';
import type { AuthShape } from './auth-shapes.js';

/** Inputs that name the project of a project-scoped call; the account's projectId is the default. */
export const ProjectIdInput = {
  project_id: Type.Optional(Type.String({ minLength: 1, description: "Default: the account's projectId" })),
};

/** An identifier that becomes one path segment: no `/`, no dot segments, nothing to re-route the call. */
export const PathId = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '^(?!\\.{1,2}$)[^/\\\\?#%]+$',
    // Said in words, so a refused id reads like the rule rather than a regular expression.
    [PATTERN_HINT]: 'one path segment: no "/", "\\", "?", "#" or "%", and not "." or ".."',
    description,
  });

export function projectIdOf(input: { project_id?: string }, ctx: StepContext): string {
  const projectId = input.project_id ?? ctx.account.settings.projectId;
  if (typeof projectId === 'string' && projectId !== '') return projectId;
  throw new StepError({
    code: 'validation',
    field: '/args/project_id',
    message: `No project id: give project_id, or set settings.projectId on account "${ctx.account.name}"`,
  });
}

/** Every call of this API is a POST with a JSON body under /latest, signed per operation. */
export async function adminPost<T>(
  ctx: StepContext,
  call: { path: string; body: unknown; auth: AuthShape; projectId?: string; expect?: TSchema },
): Promise<T> {
  const { body } = await ctx.http.request<T>({
    method: 'POST',
    path: `latest/${call.path}`,
    json: call.body,
    authParams: { shape: call.auth, projectId: call.projectId ?? '' },
    // What the step reads of the answer: without it the call fails `upstream` naming the field.
    expect: call.expect,
  });
  return body;
}

/** A path segment from an identifier already checked against PathId. */
export function segment(id: string): string {
  return encodeURIComponent(id);
}
