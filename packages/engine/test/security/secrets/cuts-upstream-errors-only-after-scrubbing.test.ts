import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { account, failure, httpFixture } from '../../http/support/http-fixture.js';

/** 42 characters, like a GitHub token. */
const TOKEN = 'ghp_R7kQ2vX9pL4mN8sT1wY6zB3cD5fG0hJ2aE4uIo';

/** The longest piece of `secret` that `text` shows. */
function longestPieceShown(text: string, secret: string): number {
  let longest = 0;
  for (let start = 0; start < secret.length; start++)
    for (
      let end = start + longest + 1;
      end <= secret.length && text.includes(secret.slice(start, end));
      end++
    )
      longest = end - start;
  return longest;
}

/** Filler of `length` characters sharing no four-character run with the token. */
const filler = (length: number) => 'lorem ipsum '.repeat(Math.ceil(length / 12)).slice(0, length);

describe('an upstream error cut for the message or the details', () => {
  let emulator: Emulator;
  let answer: { status: number; body: unknown } = { status: 422, body: {} };

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) =>
        app.get('/things', (c) =>
          typeof answer.body === 'string'
            ? c.text(answer.body, answer.status as 422)
            : c.json(answer.body as object, answer.status as 422),
        ),
    });
  });
  afterEach(() => emulator.reset());
  afterAll(() => emulator.close());

  async function errorFor(body: unknown) {
    answer = { status: 422, body };
    const { client } = httpFixture({
      baseUrl: emulator.baseUrl,
      binding: { maxAttempts: 1 },
      accounts: [account({ token: TOKEN })],
    });
    const error = await failure(client().get('/things'));
    return { error, reported: JSON.stringify({ message: error.message, details: error.details }) };
  }

  it('shows no more than 3 characters of a token straddling the 300th character of the message', async () => {
    const { error, reported } = await errorFor({ message: `${filler(259)}${TOKEN} and more` });

    expect(error.message).toContain('[REDACTED]');
    expect(longestPieceShown(reported, TOKEN)).toBeLessThanOrEqual(3);
  });

  it('shows no more than 3 characters of a token straddling the 2,000th character of a text body', async () => {
    const { error, reported } = await errorFor(`${filler(1_980)}${TOKEN}${filler(500)}`);

    expect(String(error.details?.body)).toContain('[REDACTED]');
    expect(longestPieceShown(reported, TOKEN)).toBeLessThanOrEqual(3);
  });

  it('shows no more than 3 characters of a token straddling the 2,000th character of a JSON body', async () => {
    const { reported } = await errorFor({
      message: 'Invalid',
      log: `${filler(1_970)}${TOKEN}${filler(500)}`,
    });

    expect(longestPieceShown(reported, TOKEN)).toBeLessThanOrEqual(3);
  });

  it('redacts the start of a token that the cut of the message ends in, though the token is not whole', async () => {
    const { error } = await errorFor({
      message: `${filler(270)}${TOKEN.slice(0, 36)} ${filler(100)}`,
    });

    expect(error.message).toContain('[REDACTED]…');
    expect(longestPieceShown(error.message, TOKEN)).toBeLessThanOrEqual(3);
  });

  it('keeps short messages whole and readable', async () => {
    const { error } = await errorFor({ message: 'Title is too long' });

    expect(error.message).toBe('Demo answered 422 to GET /things: Title is too long');
    expect(error.details?.body).toEqual({ message: 'Title is too long' });
  });
});
