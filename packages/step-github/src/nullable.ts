import { type TSchema, Type } from '@toolsteps/sdk';

/** GitHub's `nullable: true`: the schema, or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
