import { describe, expect, it } from '@jest/globals';
import { cutBeforeToken, SecretScrubber } from '../../src/secrets/index.js';

const TOKEN = 'ghp_R7kQ2vX9pL4mN8sT1wY6zB3cD5fG0hJ2aE4uIo';

describe('cutBeforeToken', () => {
  it('drops the whole run of token characters the cut would split', () => {
    const json = JSON.stringify({ id: 7, token: TOKEN });

    expect(cutBeforeToken(json, 30)).toBe('{"id":7,"token":"…');
  });

  it('leaves no start of a secret that a later scrub could not find whole, wherever it cuts', () => {
    const scrubber = new SecretScrubber();
    scrubber.add(TOKEN);
    for (let max = 1; max < 60; max++) {
      const cut = scrubber.scrub(cutBeforeToken(`value ${TOKEN} more`, max));
      expect(cut).not.toMatch(/ghp_/i);
    }
  });

  it('cuts between words as it is, and keeps a text that fits', () => {
    expect(cutBeforeToken('one two three', 8)).toBe('one two …');
    expect(cutBeforeToken('short', 10)).toBe('short');
  });
});
