import { CloneType, type SchemaOptions, type TSchema } from '@sinclair/typebox';

/**
 * A copy of `schema` with `options` over its own: a field's description in place of the shared
 * type's (`withOptions(Ref, { description: 'The branch to merge into' })`). TypeBox's `CloneType`
 * does the opposite (what `schema` already has wins), so a shared type's description stood in for
 * every field's own.
 */
export function withOptions<T extends TSchema>(schema: T, options: SchemaOptions): T {
  return CloneType({ ...schema, ...options } as T);
}
