import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { createEngine, type RunEvent } from '../../../src/index.js';
import { notes, notesAccount, startNotesEmulator } from './notes-integration.js';

const TOKEN_A = 'tok_A_7Hq2Lw9Xc4Vb8Nm1Kp5Rz3Td6Yf0Gs';
const TOKEN_B = 'tok_B_3Jd8Pq1Wm6Xz4Cv9Bn2Lk7Hg5Ft0Ry';

let hostA: Emulator;
let hostB: Emulator;

beforeAll(async () => {
  [hostA, hostB] = await Promise.all([startNotesEmulator(), startNotesEmulator()]);
});
afterEach(() => {
  hostA.reset();
  hostB.reset();
});
afterAll(() => Promise.all([hostA.close(), hostB.close()]));

/** Reads account a's profile (which echoes a's token), then hands what it read to `to`'s host. */
async function relay(to: 'a' | 'b', where = 'body', encode = '$steps.profile.result.echoed') {
  const engine = await createEngine({
    integrations: [notes],
    accounts: [notesAccount('a', hostA.baseUrl, TOKEN_A), notesAccount('b', hostB.baseUrl, TOKEN_B)],
  });
  const events: RunEvent[] = [];
  const result = await engine.run(
    {
      text: JSON.stringify({
        id: 'relay',
        steps: [
          { id: 'profile', step: 'notes.read_profile', account: 'a', args: {} },
          { id: 'note', step: 'notes.add_note', account: to, args: { text: `{% ${encode} %}`, where } },
        ],
      }),
    },
    {},
    { onEvent: (event) => events.push(event) },
  );
  return { result, events };
}

describe("a request carrying another account's credential", () => {
  it.each(['body', 'query', 'header'])(
    'is refused before it leaves, in its %s, and the refusal shows no form of the token',
    async (where) => {
      const { result, events } = await relay('b', where);

      expect(result.status).toBe('failed');
      const note = result.steps.find((step) => step.id === 'note');
      expect(note?.error).toMatchObject({ code: 'validation' });
      expect(note?.error?.message).toMatch(
        /^Notes request refused: its .* carries a credential of another connected account.*; nothing was sent$/,
      );
      expect(hostB.requests).toEqual([]);
      const reported = JSON.stringify([result, events]);
      for (const form of [TOKEN_A, TOKEN_A.toLowerCase(), Buffer.from(TOKEN_A).toString('base64')])
        expect(reported).not.toContain(form);
    },
  );

  it('is refused when the token was re-encoded on the way, e.g. as base64', async () => {
    const { result } = await relay('b', 'body', '$base64encode($steps.profile.result.echoed)');

    expect(result.steps.find((step) => step.id === 'note')?.error?.code).toBe('validation');
    expect(hostB.requests).toEqual([]);
  });

  it("is allowed when the credential is the account's own", async () => {
    const { result } = await relay('a');

    expect(result.status).toBe('succeeded');
    expect(hostA.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /profile',
      'POST /notes',
    ]);
  });
});
