import { resolve } from 'node:path';
import { type Entitlements, grantedEntitlements } from '../ports/entitlements.js';
import { findConfig, readConfig } from '../registry/read-config.js';

export interface EntitlementSources {
  entitlements?: Entitlements | readonly string[];
  integrations?: readonly unknown[];
  cwd?: string;
  configFile?: string;
}

/**
 * The host's entitlements: those given, else the `entitlements` of the config file the engine reads
 * (the one named, or the one found from `cwd` when no integrations are given), else none: a plan is
 * never assumed, so a trigger that needs one is refused until the host says it has it.
 */
export async function resolveEntitlements(sources: EntitlementSources): Promise<Entitlements> {
  const given = sources.entitlements;
  if (given !== undefined) return isEntitlements(given) ? given : grantedEntitlements(given);
  const cwd = resolve(sources.cwd ?? process.cwd());
  let file: string | undefined;
  if (sources.configFile) file = resolve(cwd, sources.configFile);
  else if (sources.integrations === undefined) file = await findConfig(cwd);
  const config = file ? await readConfig(file) : undefined;
  return grantedEntitlements(config?.entitlements);
}

function isEntitlements(given: Entitlements | readonly string[]): given is Entitlements {
  return typeof (given as Entitlements).has === 'function';
}
