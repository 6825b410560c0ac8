import { type TSchema, Type } from '@toolsteps/sdk';

/**
 * An object of GitHub's payload: the fields a mapping commonly reads are declared, and any other
 * name GitHub sends may be read too (`additionalProperties: true`), so a mapping can reach a field
 * we did not list without the binding being refused.
 */
export const Open = <P extends Record<string, TSchema>>(properties: P, description?: string) =>
  Type.Object(properties, { additionalProperties: true, ...(description ? { description } : {}) });
