import { describe, expect, it } from '@jest/globals';
import {
  type ConnectedAccount,
  createEngine,
  defineIntegration,
  defineStep,
  type Logger,
  MemoryJournal,
  type RunEvent,
  StepError,
  Type,
} from '../../../src/index.js';
import { REDACTED, SecretScrubber } from '../../../src/secrets/index.js';

/**
 * No encoder escapes letters or digits, so a secret's letters and digits were looked for only as
 * they are: one written with every character escaped (`\u0074\u006f…`, `&#116;&#111;…`, `%74%6F…`)
 * showed none of them and was let through. Every such spelling is now read as the secret.
 */
const TOKEN = 'tok_A_7Hq2Lw9Xc4Vb8Nm1Kp5Rz3Td6Yf0Gs';
/** Over 256 characters, as a JWT: matched another way (see `KnownSecret`), escaped all the same. */
const LONG_TOKEN = `eyJhbGciOiJIUzI1NiJ9.${'a1B2c3D4e5'.repeat(30)}.sig-Xy_9`;

type Spell = (character: string) => string;
const code = (character: string) => character.codePointAt(0) ?? 0;
const hex = (character: string, width: number) => code(character).toString(16).padStart(width, '0');

const ESCAPES: Record<string, Spell> = {
  'JSON \\u, lower-case hex': (c) => `\\u${hex(c, 4)}`,
  'JSON \\u, upper-case hex': (c) => `\\u${hex(c, 4).toUpperCase()}`,
  'HTML decimal entities': (c) => `&#${code(c)};`,
  'HTML decimal entities with leading zeros': (c) => `&#00${code(c)};`,
  'HTML hex entities': (c) => `&#x${hex(c, 2)};`,
  'HTML hex entities, upper-case': (c) => `&#X${hex(c, 2).toUpperCase()};`,
  'percent-encoding, upper-case hex': (c) => `%${hex(c, 2).toUpperCase()}`,
  'percent-encoding, lower-case hex': (c) => `%${hex(c, 2)}`,
  'percent-encoding twice': (c) => `%25${hex(c, 2)}`,
};

/** Every character escaped with `spell`. */
const everyCharacter = (text: string, spell: Spell) => [...text].map(spell).join('');
/** Every character escaped, the spellings taking turns. */
function mixed(text: string): string {
  const escapes = Object.values(ESCAPES);
  return [...text].map((character, index) => escapes[index % escapes.length](character)).join('');
}

function scrubberWith(...secrets: string[]): SecretScrubber {
  const scrubber = new SecretScrubber();
  for (const secret of secrets) scrubber.add(secret);
  return scrubber;
}

describe('a secret with every character escaped', () => {
  const scrubber = scrubberWith(TOKEN, LONG_TOKEN);

  it.each(Object.entries(ESCAPES))('is redacted in %s', (_how, spell) => {
    for (const secret of [TOKEN, LONG_TOKEN]) {
      const echo = everyCharacter(secret, spell);
      expect(scrubber.scrub(`before ${echo} after`)).toBe(`before ${REDACTED} after`);
    }
  });

  it('is redacted with the spellings mixed, and beside a plain echo', () => {
    expect(scrubber.scrub(`a=${mixed(TOKEN)}&b=${TOKEN}`)).toBe(`a=${REDACTED}&b=${REDACTED}`);
    expect(scrubber.scrub(`"${mixed(LONG_TOKEN)}"`)).toBe(`"${REDACTED}"`);
  });

  it('is redacted when only its letters and digits are escaped', () => {
    const lettersEscaped = [...TOKEN].map((c) => (/[a-z0-9]/i.test(c) ? `%${hex(c, 2)}` : c)).join('');
    expect(scrubber.scrub(lettersEscaped)).toBe(REDACTED);
  });

  it('is found by secretsIn, which the refusal of foreign credentials asks', () => {
    expect(scrubber.secretsIn(`/x?t=${everyCharacter(TOKEN, ESCAPES['percent-encoding twice'])}`)).toEqual([
      TOKEN,
    ]);
  });

  it('leaves alone ordinary encoded text and escaped text that is not the secret', () => {
    const other = 'tok_B_3Jd8Pq1Wm6Xz4Cv9Bn2Lk7Hg5Ft0Ry';
    const oneCharacterOff = `${TOKEN.slice(0, -1)}t`;
    const texts = [
      encodeURIComponent('café & crème: 100% "sure"'),
      JSON.stringify('caf\u00e9 \u2014 cr\u00e8me').replace(/[^\x20-\x7e]/g, (c) => `\\u${hex(c, 4)}`),
      'caf&#233; &amp; cr&egrave;me &#x2014; &lt;b&gt;',
      String.raw`C:\Users\tok\A_7Hq2\file.txt`,
      ...Object.values(ESCAPES).map((spell) => everyCharacter(other, spell)),
      ...Object.values(ESCAPES).map((spell) => everyCharacter(oneCharacterOff, spell)),
      everyCharacter(TOKEN.slice(0, 20), ESCAPES['HTML decimal entities']),
      mixed(LONG_TOKEN.slice(0, 200)),
    ];
    for (const text of texts) expect(scrubber.scrub(`x ${text} y`)).toBe(`x ${text} y`);
  });
});

/** A careless API: it echoes what it is sent with every character escaped, in answers and errors. */
const escapeAll = (text: string) => everyCharacter(text, ESCAPES['HTML decimal entities']);
const quote = defineStep({
  id: 'escaping.quote',
  title: 'Quote',
  description: 'Quotes its text, escaped.',
  effect: 'read',
  input: Type.Object({ text: Type.String() }),
  output: Type.Unknown(),
  run: async ({ text }, ctx) => {
    ctx.log.info(`quoting ${mixed(text)}`, {
      escaped: everyCharacter(text, ESCAPES['JSON \\u, upper-case hex']),
    });
    return { quoted: escapeAll(text) };
  },
});
const refuse = defineStep({
  id: 'escaping.refuse',
  title: 'Refuse',
  description: 'Fails, quoting its text escaped.',
  effect: 'read',
  input: Type.Object({ text: Type.String() }),
  output: Type.Object({}),
  run: async ({ text }) => {
    throw new StepError({
      code: 'forbidden',
      message: `refused ${everyCharacter(text, ESCAPES['percent-encoding twice'])}`,
      details: { body: escapeAll(text) },
    });
  },
});
const escaping = defineIntegration({
  id: 'escaping',
  title: 'Escaping',
  status: 'beta',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [quote, refuse],
});
const account: ConnectedAccount = {
  id: 'escaping-main',
  integration: 'escaping',
  name: 'Main',
  settings: {},
  credentials: { token: TOKEN },
};

describe('a secret an upstream echoes with every character escaped', () => {
  it('is redacted from the traces, the error, the events, the journal and the logs of a run', async () => {
    const journal = new MemoryJournal();
    const logged: unknown[] = [];
    const log = (message: string, fields?: Record<string, unknown>) => logged.push([message, fields]);
    const logger: Logger = { debug: log, info: log, warn: log, error: log };
    const engine = await createEngine({ integrations: [escaping], accounts: [account], journal, logger });
    const events: RunEvent[] = [];

    const result = await engine.run(
      {
        text: JSON.stringify({
          id: 'escaped-echoes',
          steps: [
            { id: 'quote', step: 'escaping.quote', args: { text: '{% $input.text %}' } },
            { id: 'refuse', step: 'escaping.refuse', args: { text: '{% $input.text %}' } },
          ],
        }),
      },
      { text: TOKEN },
      { onEvent: (event) => events.push(event) },
    );

    expect(result.status).toBe('failed');
    expect(result.steps[0]?.result).toEqual({ quoted: REDACTED });
    expect(result.error).toMatchObject({ message: `refused ${REDACTED}`, details: { body: REDACTED } });
    expect(logged).toContainEqual([`quoting ${REDACTED}`, expect.objectContaining({ escaped: REDACTED })]);
    const reported = JSON.stringify([result, events, journal.steps(result.runId), logged]);
    const forms = [
      TOKEN,
      mixed(TOKEN),
      ...Object.values(ESCAPES).map((spell) => everyCharacter(TOKEN, spell)),
    ];
    // As JSON writes them: a `\u` escape shows as `\\u`.
    for (const form of forms) expect(reported).not.toContain(JSON.stringify(form).slice(1, -1));
  });
});
