import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createEmulator, type Emulator } from '@toolsteps/emulator';
import { Type } from '@toolsteps/sdk';
import {
  createEngine,
  defineIntegration,
  defineStep,
  type HttpTransport,
  TOKENS,
  UndiciTransport,
} from '../../../src/index.js';

const readItem = defineStep({
  id: 'shelf.read_item',
  title: 'Read item',
  description: 'Reads one item.',
  effect: 'read',
  input: Type.Object({ id: Type.String() }),
  output: Type.Object({ id: Type.String() }),
  run: async ({ id }, ctx) => (await ctx.http.get<{ id: string }>(`/items/${id}`)).body,
});

const shelf = defineIntegration({
  id: 'shelf',
  title: 'Shelf',
  status: 'beta',
  connection: Type.Object({ baseUrl: Type.String() }),
  auth: { kind: 'token' },
  http: (account) => ({ baseUrl: String(account.settings.baseUrl) }),
  steps: [readItem],
});

/** A runtime's own transport: here one that counts what it carries and hands it to undici. */
class CountingTransport implements HttpTransport {
  readonly urls: string[] = [];
  readonly #inner = new UndiciTransport();

  fetch(request: Request, options: Parameters<HttpTransport['fetch']>[1]): Promise<Response> {
    this.urls.push(request.url);
    return this.#inner.fetch(request, options);
  }
}

describe('an agent runtime can swap the HTTP transport', () => {
  let emulator: Emulator;

  beforeAll(async () => {
    emulator = await createEmulator({
      routes: (app) => app.get('/items/:id', (c) => c.json({ id: c.req.param('id') })),
    });
  });
  afterAll(() => emulator.close());

  it('sends every request of a run through the transport given to createEngine', async () => {
    const transport = new CountingTransport();
    const engine = await createEngine({
      integrations: [shelf],
      accounts: [
        {
          id: 'main',
          integration: 'shelf',
          name: 'Main',
          settings: { baseUrl: emulator.baseUrl },
          credentials: { token: 'shelf-token-0123456789' },
        },
      ],
      httpTransport: transport,
    });
    expect(engine.container.get(TOKENS.HttpTransport)).toBe(transport);

    const result = await engine.run({
      text: JSON.stringify({
        id: 'two-items',
        steps: [
          { id: 'first', step: 'shelf.read_item', args: { id: 'a' } },
          { id: 'second', step: 'shelf.read_item', args: { id: 'b' } },
        ],
        output: '{% $steps.second.result.id %}',
      }),
    });

    expect(result).toMatchObject({ status: 'succeeded', output: 'b' });
    expect(transport.urls).toEqual([`${emulator.baseUrl}/items/a`, `${emulator.baseUrl}/items/b`]);
    expect(emulator.requests).toHaveLength(2);
  });
});
