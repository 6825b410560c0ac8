import { PATTERN_HINT, StepError, Type } from '@toolsteps/sdk';

/**
 * Values that become one path segment. Their patterns refuse `/`, `?`, `#`, `%`, backslashes and
 * dot segments, so a value can never change which route a request takes. Unanchored, so other
 * patterns can build on it (a workflow file name is a segment ending in .yml).
 */
export const SEGMENT_NAME = '(?!\\.{1,2}$)[^/\\\\?#%\\s]+';
const SEGMENT = `^${SEGMENT_NAME}$`;
/** What SEGMENT asks, in the words an input error shows. */
const SEGMENT_HINT = 'one path segment: no "/", "?", "#", "%" or spaces, and not "." or ".."';

/**
 * A branch, tag or sha: `/`-separated parts, none empty or a dot segment. Without `^`, so a
 * pattern may put a prefix before it (owner:branch); it checks the end itself, so it ends a pattern.
 */
export const REF_NAME = '(?!/)(?:(?!\\.{1,2}(?:/|$))[^/\\\\?#%\\s~^:]+(?:/(?!$)|$))+';

export const Owner = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: SEGMENT,
  [PATTERN_HINT]: SEGMENT_HINT,
  description: 'The account owner of the repository (a user or organization login); not case sensitive',
});

export const Repo = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: SEGMENT,
  [PATTERN_HINT]: SEGMENT_HINT,
  description: 'The name of the repository without the .git extension; not case sensitive',
});

/** A user login (GitHub allows at most 39 characters). */
export const Username = Type.String({
  minLength: 1,
  maxLength: 39,
  pattern: SEGMENT,
  [PATTERN_HINT]: SEGMENT_HINT,
  description: 'The login of a GitHub user',
});

/** A file or folder path inside a repository: `/`-separated, with no empty, `.` or `..` segment (nor a trailing `/`). */
export const FilePath = Type.String({
  minLength: 1,
  maxLength: 4096,
  pattern: '^(?!/)(?:(?!\\.{1,2}(?:/|$))[^/\\\\?#%]+(?:/(?!$)|$))+$',
  [PATTERN_HINT]:
    'a path like docs/README.md: no leading or trailing "/", no "." or ".." part, no "?", "#", "%"',
  description: 'Path of the file or folder in the repository, e.g. docs/README.md (no leading slash)',
});

/** A branch, tag or commit sha; branch names may hold `/` (feature/x) but no dot segments. */
export const Ref = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: `^${REF_NAME}$`,
  [PATTERN_HINT]:
    'a branch, tag or sha like main or feature/x: no "." or ".." part, no "?", "#", "%", "~", "^", ":" or spaces',
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

/**
 * A ref as ONE segment, its slashes encoded (feature%2Fx), as GitHub reads a ref in
 * `commits/{ref}`; each part is checked as a segment first, so no dot segment hides in it.
 */
export function refSegment(ref: string): string {
  return segments(ref).replaceAll('/', '%2F');
}

/** `repos/{owner}/{repo}` followed by the given already-encoded parts. */
export function repoPath(owner: string, repo: string, ...rest: string[]): string {
  return ['repos', segment(owner), segment(repo), ...rest].join('/');
}
