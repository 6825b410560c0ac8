import { describe, expect, it } from '@jest/globals';
import { StepError } from '@toolsteps/engine';
import {
  FilePath,
  REF_NAME,
  Ref,
  refSegment,
  repoPath,
  SEGMENT_NAME,
  segment,
  segments,
} from '../../src/github-paths.js';

/** The error a refused value throws, or a failure when none is thrown. */
function refusal(encode: () => string): StepError {
  try {
    encode();
  } catch (error) {
    return error as StepError;
  }
  throw new Error('the value was encoded instead of refused');
}

describe('github-paths: every value becomes exactly the path segments it names', () => {
  it.each([
    ['a b', 'a%20b'],
    ['x;y', 'x%3By'],
    ['100%', '100%25'],
    ['ünï', '%C3%BCn%C3%AF'],
    ['v1.0.0', 'v1.0.0'],
    ['...', '...'],
    [42, '42'],
  ])('segment(%j) is %s', (value, encoded) => {
    expect(segment(value)).toBe(encoded);
  });

  it.each([['..'], ['.'], [''], ['a/b'], ['a?b'], ['a#b'], ['a\\b']])(
    'segment(%j) is refused as a validation error',
    (value) => {
      const error = refusal(() => segment(value));
      expect(error).toBeInstanceOf(StepError);
      expect(error.code).toBe('validation');
      expect(error.message).toBe(
        `${JSON.stringify(value)} cannot be used as one segment of a GitHub API path`,
      );
    },
  );

  it.each([
    ['feature/x', 'feature/x'],
    ['docs/a b.md', 'docs/a%20b.md'],
    ['x;y/z', 'x%3By/z'],
  ])('segments(%j) encodes each part and keeps the slashes: %s', (value, encoded) => {
    expect(segments(value)).toBe(encoded);
  });

  it.each([['a/../b'], ['./a'], ['a//b'], ['a/'], ['/a']])(
    'segments(%j) is refused: a dot or empty part',
    (value) => {
      expect(refusal(() => segments(value)).code).toBe('validation');
    },
  );

  it('refSegment encodes a ref as one segment, its slashes included', () => {
    expect(refSegment('feature/x')).toBe('feature%2Fx');
    expect(refSegment('a b/c')).toBe('a%20b%2Fc');
    expect(refSegment('main')).toBe('main');
    expect(refusal(() => refSegment('feature/../main')).code).toBe('validation');
  });

  it('repoPath puts owner and repo as single segments before the given parts', () => {
    expect(repoPath('octo-org', 'hello world', 'issues', segment(7))).toBe(
      'repos/octo-org/hello%20world/issues/7',
    );
    expect(refusal(() => repoPath('octo-org/evil', 'x')).code).toBe('validation');
  });
});

describe('github-paths: the schema patterns other schemas build on', () => {
  const matches = (pattern: string, value: string) => new RegExp(pattern).test(value);

  it('Ref is REF_NAME anchored: branches with slashes, no dot segments or ref syntax', () => {
    expect(Ref.pattern).toBe(`^${REF_NAME}$`);
    for (const good of ['main', 'feature/login', 'v1.0.0', 'a.b/c..d', 'e3b0c44']) {
      expect(matches(Ref.pattern as string, good)).toBe(true);
    }
    for (const bad of [
      '',
      '/main',
      'main/',
      'a//b',
      'a/../b',
      '..',
      'a b',
      'a:b',
      'a~1',
      'a^',
      'a?b',
      'a#b',
      'a%2F',
    ]) {
      expect(matches(Ref.pattern as string, bad)).toBe(false);
    }
  });

  it('FilePath holds folders but no leading, trailing or doubled slash, nor dot segments', () => {
    for (const good of ['README.md', 'docs/guide.md', 'a b/c.txt', '.github/workflows/ci.yml']) {
      expect(matches(FilePath.pattern as string, good)).toBe(true);
    }
    for (const bad of ['', '/README.md', 'docs/', 'a//b', 'a/../b', './a', 'a?b', 'a#b', 'a%20b']) {
      expect(matches(FilePath.pattern as string, bad)).toBe(false);
    }
  });

  it('REF_NAME takes a prefix before it (owner:branch) and still checks the whole name', () => {
    const head = `^(?:[A-Za-z0-9][A-Za-z0-9-]{0,38}:)?${REF_NAME}$`;
    expect(matches(head, 'octocat:feature/x')).toBe(true);
    expect(matches(head, 'feature/x')).toBe(true);
    expect(matches(head, 'octocat:../x')).toBe(false);
    expect(matches(head, ':x')).toBe(false);
  });

  it('SEGMENT_NAME takes a suffix after it (ci.yml) and refuses slashes and dot segments', () => {
    const workflow = `^${SEGMENT_NAME}\\.ya?ml$`;
    expect(matches(workflow, 'ci.yml')).toBe(true);
    expect(matches(workflow, 'deploy.yaml')).toBe(true);
    expect(matches(workflow, 'a/ci.yml')).toBe(false);
    expect(matches(`^${SEGMENT_NAME}$`, '..')).toBe(false);
    expect(matches(`^${SEGMENT_NAME}$`, 'a b')).toBe(false);
  });
});
