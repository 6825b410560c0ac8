/** What the host holds, supplied by it (`createEngine({ entitlements })`, or its config file). */
export interface Entitlements {
  has(entitlement: string): boolean;
}

/** The entitlements of a fixed list of ids; none by default. */
export function grantedEntitlements(ids: Iterable<string> = []): Entitlements {
  const granted = new Set(ids);
  return { has: (entitlement) => granted.has(entitlement) };
}

/** How a host grants an entitlement it lacks: said in every refusal, so the fix is one read away. */
export function howToGrant(id: string): string {
  return `createEngine({ entitlements: ["${id}"] }), or "entitlements": ["${id}"] in toolsteps.config.json`;
}
