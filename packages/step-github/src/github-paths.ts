import { StepError, Type } from '@toolsteps/engine';

/**
 * Values that become one path segment. Their patterns refuse `/`, `?`, `#`, `%`, backslashes and
 * dot segments, so a value can never change which route a request takes.
 */
const SEGMENT = '^(?!\\.{1,2}$)[^/\\\\?#%\\s]+$';

export const Owner = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: SEGMENT,
  description: 'The account owner of the repository (a user or organization login); not case sensitive',
});

export const Repo = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: SEGMENT,
  description: 'The name of the repository without the .git extension; not case sensitive',
});

/** A user login (GitHub allows at most 39 characters). */
export const Username = Type.String({
  minLength: 1,
  maxLength: 39,
  pattern: SEGMENT,
  description: 'The login of a GitHub user',
});

/** A file or folder path inside a repository: `/`-separated, with no empty, `.` or `..` segment. */
export const FilePath = Type.String({
  minLength: 1,
  maxLength: 4096,
  pattern: '^(?!/)(?:(?!\\.{1,2}(?:/|$))[^/\\\\?#%]+(?:/|$))+$',
  description: 'Path of the file or folder in the repository, e.g. docs/README.md (no leading slash)',
});

/** A branch, tag or commit sha; branch names may hold `/` (feature/x) but no dot segments. */
export const Ref = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^(?!/)(?:(?!\\.{1,2}(?:/|$))[^/\\\\?#%\\s~^:]+(?:/|$))+$',
  description: 'A branch name, tag name or commit sha',
});

/** One path segment; values were checked against the patterns above, encoding is the second guard. */
export function segment(value: string | number): string {
  const text = String(value);
  if (text === '' || text === '.' || text === '..' || /[/\\?#]/.test(text)) {
    throw new StepError({
      code: 'validation',
      message: `${JSON.stringify(text)} cannot be used as one segment of a GitHub API path`,
    });
  }
  return encodeURIComponent(text);
}

/** A `/`-separated value (file path, ref) encoded segment by segment. */
export function segments(value: string): string {
  return value.split('/').map(segment).join('/');
}

/** `repos/{owner}/{repo}` followed by the given already-encoded parts. */
export function repoPath(owner: string, repo: string, ...rest: string[]): string {
  return ['repos', segment(owner), segment(repo), ...rest].join('/');
}
