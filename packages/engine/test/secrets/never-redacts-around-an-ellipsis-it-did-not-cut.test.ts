import { describe, expect, it } from '@jest/globals';
import { SecretScrubber } from '../../src/secrets/index.js';

const TOKEN = 'ghp_Zq8LmX7wRt4Kz8NvB3cYp6Hd1Js5Ga0EuWx';

function scrubber(): SecretScrubber {
  const known = new SecretScrubber();
  known.add(TOKEN);
  known.add('welcome-2024-Spring!');
  return known;
}

describe('SecretScrubber.scrub on a text with "…" the engine did not cut', () => {
  it('leaves words before the ellipsis alone, though a secret starts with them', () => {
    const texts = ['See the docs: paste your ghp_… token in Settings', 'You are welcome… said the bot'];
    for (const text of texts) expect(scrubber().scrub(text)).toBe(text);
  });

  it('tells nothing about a guess at a secret: a right start reads as a wrong one', () => {
    const right = `${TOKEN.slice(0, 12)}…`;
    const wrong = `${TOKEN.slice(0, 11)}!…`;
    const known = scrubber();

    expect(known.scrub(`${right} ${wrong}`)).toBe(`${right} ${wrong}`);
  });
});
