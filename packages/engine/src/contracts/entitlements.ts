/**
 * Something the host is entitled to use at a third party, that an integration cannot find out for
 * itself before it is refused (Zendesk's webhook triggers need an Enterprise plan; its steps do not).
 */
export interface Entitlement {
  /** `integration.name`, e.g. `zendesk.enterprise`: what a host grants. */
  id: string;
  /** What a person reads when it is missing, e.g. `Zendesk Enterprise plan`. */
  title: string;
}

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
