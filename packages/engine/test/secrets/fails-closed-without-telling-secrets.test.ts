import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { REDACTED, SecretScrubber, scrubbedCut } from '../../src/secrets/index.js';
import { KnownSecret } from '../../src/secrets/known-secret.js';

const TOKEN = 'ghp_F4iL5cL0s3dT0k3nV4lu3xyzw';
const OTHER = 'sk_live_0therS3cr3tV4lu3';

function scrubber(): SecretScrubber {
  const known = new SecretScrubber();
  known.add(TOKEN);
  known.add(OTHER);
  return known;
}

/** What a regular expression that cannot compile throws: its source, which spells the secrets. */
function brokenPattern(): never {
  throw new SyntaxError(`Invalid regular expression: /${TOKEN}|${OTHER}/: Regular expression too large`);
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('when finding secrets fails', () => {
  it('scrub answers [REDACTED] for the whole text and throws nothing', () => {
    jest.spyOn(KnownSecret.prototype, 'find').mockImplementation(brokenPattern);

    expect(scrubber().scrub(`token ${TOKEN} refused`)).toBe(REDACTED);
  });

  it('scrubValue redacts every string it could not check', () => {
    jest.spyOn(KnownSecret.prototype, 'find').mockImplementation(brokenPattern);

    expect(scrubber().scrubValue({ message: `token ${TOKEN} refused`, status: 401 })).toEqual({
      message: REDACTED,
      status: 401,
    });
  });

  it('secretsIn answers every known secret, so a request that may carry one is refused', () => {
    jest.spyOn(KnownSecret.prototype, 'find').mockImplementation(brokenPattern);

    expect(scrubber().secretsIn(`token ${TOKEN}`).sort()).toEqual([OTHER, TOKEN].sort());
  });

  it('a cut answers [REDACTED] for what it keeps', () => {
    jest.spyOn(KnownSecret.prototype, 'startLeftAtEnd').mockImplementation(brokenPattern);

    expect(scrubbedCut(scrubber(), `said ${'x'.repeat(50)}`, 20)).toBe(`${REDACTED}…`);
  });
});

describe('secrets no single pattern could spell', () => {
  it('are registered without an error, however long and whatever their characters', () => {
    const dotted = Array.from({ length: 20_000 }, (_, index) => (index % 2 ? '.' : 'a')).join('');
    const known = new SecretScrubber();

    expect(() => known.add(dotted)).not.toThrow();
    expect(known.scrub(`grant ${dotted} end`)).toBe(`grant ${REDACTED} end`);
  });

  it('are all scrubbed from a cut text, 200 of them, without an error that would spell them', () => {
    const known = new SecretScrubber();
    for (let index = 0; index < 200; index++) known.add(`ghp_${index}_${'y'.repeat(30)}`);

    expect(() => known.scrub('Loading…')).not.toThrow();
    expect(scrubbedCut(known, `said ghp_7_${'y'.repeat(20)} and more`, 30)).toBe(`said ${REDACTED}…`);
  });
});
