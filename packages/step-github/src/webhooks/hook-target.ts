import { type JsonValue, type Registration, StepError } from '@toolsteps/sdk';
import { segment } from '../github-paths.js';

/** Where a binding's hook lives: on one repository, or on an organization. */
export type HookTarget = { owner: string; repo: string } | { org: string };

/** The hook a binding's config asks for: a repository hook for owner and repo, an organization hook for org alone. */
export function targetOfConfig(config: Record<string, unknown>): HookTarget {
  const { owner, repo, org } = config;
  if (typeof owner === 'string' && typeof repo === 'string') return { owner, repo };
  if (typeof org === 'string') return { org };
  throw new StepError({
    code: 'validation',
    field: '/config',
    message:
      'A GitHub trigger needs owner and repo (a repository hook) or org (an organization hook) in its config',
  });
}

/** The target a registration remembers, as `targetOfConfig` made it. */
export function targetOfRegistration(registration: Registration): HookTarget {
  return targetOfConfig(registration as Record<string, unknown>);
}

/** Whether two targets are the same repository or organization; GitHub's names are not case sensitive. */
export function sameTarget(a: HookTarget, b: HookTarget): boolean {
  return describeTarget(a).toLowerCase() === describeTarget(b).toLowerCase();
}

/** `repos/{owner}/{repo}/hooks` or `orgs/{org}/hooks`, followed by the given parts. */
export function hooksPath(target: HookTarget, ...rest: Array<string | number>): string {
  const root =
    'org' in target ? ['orgs', segment(target.org)] : ['repos', segment(target.owner), segment(target.repo)];
  return [...root, 'hooks', ...rest.map(segment)].join('/');
}

/** `owner/repo`, or `the organization org`, for messages. */
export function describeTarget(target: HookTarget): string {
  return 'org' in target ? `the organization ${target.org}` : `${target.owner}/${target.repo}`;
}

/** What the store keeps of a registration: where the hook is and its id. */
export function registrationOf(target: HookTarget, hookId: number): Registration {
  const where: Record<string, JsonValue> =
    'org' in target ? { org: target.org } : { owner: target.owner, repo: target.repo };
  return { ...where, hookId };
}
