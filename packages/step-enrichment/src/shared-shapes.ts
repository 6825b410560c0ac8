import { type Static, Type } from '@toolsteps/sdk';

export const Location = Type.Object({
  city: Type.Union([Type.String(), Type.Null()]),
  region: Type.Union([Type.String(), Type.Null()]),
  country: Type.Union([Type.String(), Type.Null()]),
});

export const SocialProfiles = Type.Array(
  Type.Object({ network: Type.String({ description: 'e.g. profiles, x' }), url: Type.String() }),
);

/** Helpers that read the provider's JSON without trusting it: a missing field becomes null or empty. */
export const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
export const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export function locationOf(value: unknown): Static<typeof Location> {
  const place = record(value);
  return {
    city: textOrNull(place.city),
    region: textOrNull(place.region),
    country: textOrNull(place.country),
  };
}

export function socialProfilesOf(value: unknown): Static<typeof SocialProfiles> {
  return list(value).flatMap((item) => {
    const { network, url } = record(item);
    return typeof network === 'string' && typeof url === 'string' ? [{ network, url }] : [];
  });
}
