/** Which repository or organization a binding watches, as its config names it. */
export interface WatchedScope {
  owner?: string;
  repo?: string;
  org?: string;
}

/** The parts of a payload that say where it happened. */
export interface ScopedPayload {
  repository?: { full_name?: unknown; owner?: { login?: unknown } | null } | null;
  organization?: { login?: unknown } | null;
}

/**
 * Whether a payload is about what the binding watches: its repository, or a repository (or the
 * organization itself) of its organization. A hook registered elsewhere for the same URL, or a
 * forged scope, must not fire the binding. GitHub's names are case-insensitive.
 */
export function inScope(payload: ScopedPayload, scope: WatchedScope): boolean {
  if (scope.owner !== undefined && scope.repo !== undefined) {
    return sameName(payload.repository?.full_name, `${scope.owner}/${scope.repo}`);
  }
  if (scope.org !== undefined) {
    return sameName(payload.organization?.login ?? payload.repository?.owner?.login, scope.org);
  }
  return false;
}

function sameName(given: unknown, expected: string): boolean {
  return typeof given === 'string' && given.toLowerCase() === expected.toLowerCase();
}
