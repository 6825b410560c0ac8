import { describe, expect, it } from '@jest/globals';
import {
  createEngine,
  defineIntegration,
  defineStep,
  type Engine,
  mcpStructuredContent,
  PATTERN_HINT,
  ToolSelectionError,
  Type,
} from '../../src/index.js';

const Address = Type.Object(
  { city: Type.String({ description: 'The city' }), zip: Type.Optional(Type.String({ maxLength: 10 })) },
  { $id: 'Address', additionalProperties: false },
);
const Shapes = Type.Module({
  Point: Type.Object({ x: Type.Number(), y: Type.Number() }, { additionalProperties: false }),
});

const ship = defineStep({
  id: 'shop.ship_order',
  title: 'Ship Order',
  description: 'Ships an order to an address (POST /orders/{id}/ship).',
  effect: 'write',
  input: Type.Object(
    {
      order: Type.String({
        minLength: 1,
        maxLength: 40,
        pattern: '^(?!\\.)[a-z0-9.]+$',
        [PATTERN_HINT]: 'lowercase letters, digits and dots, not starting with a dot',
        description: 'The order id',
      }),
      to: Type.Ref(Address.$id as string, { description: 'Where it goes' }),
      at: Type.Optional(Shapes.Import('Point')),
      speed: Type.Optional(Type.Literal('express')),
      tags: Type.Optional(Type.Array(Type.String(), { uniqueItems: true, maxItems: 5 })),
      'x-note': Type.Optional(Type.String({ 'x-internal': true })),
    },
    { additionalProperties: false, $defs: { Address } },
  ),
  output: Type.Array(Type.Object({ parcel: Type.String() }), { description: 'The parcels sent' }),
  run: async () => [{ parcel: 'P1' }],
});

const sketch = defineStep({
  id: 'shop.save_sketch',
  title: 'Save Sketch',
  description: 'Saves a sketch of any shape.',
  effect: 'write',
  idempotent: true,
  input: Type.Object({ sketch: Type.Unknown({ description: 'Any JSON' }) }, { additionalProperties: false }),
  output: Type.Object({ saved: Type.Boolean() }),
  run: async () => ({ saved: true }),
});

const count = defineStep({
  id: 'shop.count_orders',
  title: 'Count Orders',
  description: 'Counts the orders.',
  effect: 'read',
  input: Type.Object({}, { additionalProperties: false }),
  output: Type.Integer({ description: 'How many orders there are' }),
  run: async () => 3,
});

const bulk = defineStep({
  id: 'shop.bulk_import',
  title: 'Bulk Import',
  description: 'Imports a list of orders.',
  effect: 'write',
  input: Type.Array(Type.String()),
  output: Type.Object({ imported: Type.Integer() }),
  run: async (orders) => ({ imported: orders.length }),
});

const retired = defineStep({
  id: 'shop.refund_order',
  title: 'Refund Order',
  description: 'Refunds an order.',
  effect: 'write',
  available: false,
  unavailableReason: 'refunds are made by hand for now',
  input: Type.Object({ order: Type.String() }),
  output: Type.Object({}),
  run: async () => ({}),
});

const shop = defineIntegration({
  id: 'shop',
  title: 'Shop',
  status: 'stable',
  connection: Type.Object({}),
  auth: { kind: 'token' },
  http: () => ({ baseUrl: 'http://127.0.0.1:9' }),
  steps: [ship, sketch, count, bulk, retired],
});

const engine = (): Promise<Engine> => createEngine({ integrations: [shop] });

describe('engine.tools: steps as tool schemas that stand alone', () => {
  it('inlines references, keeps only standard keywords, and leaves unavailable and non-object steps out', async () => {
    const tools = (await engine()).tools({ format: 'json-schema' });

    expect(tools.map((tool) => tool.name)).toEqual([
      'shop_ship_order',
      'shop_save_sketch',
      'shop_count_orders',
    ]);
    const [shipTool] = tools;
    expect(shipTool.inputSchema.properties?.to).toEqual({
      type: 'object',
      description: 'Where it goes',
      properties: {
        city: { type: 'string', description: 'The city' },
        zip: { type: 'string', maxLength: 10 },
      },
      required: ['city'],
      additionalProperties: false,
    });
    expect(shipTool.inputSchema.properties?.at).toMatchObject({ type: 'object', required: ['x', 'y'] });
    const text = JSON.stringify(tools);
    for (const gone of ['$ref', '$id', '$defs', 'x-pattern-hint', 'x-internal'])
      expect(text).not.toContain(`"${gone}"`);
    // A property may be named like an extension: it is data, not a keyword.
    expect(Object.keys(shipTool.inputSchema.properties ?? {})).toContain('x-note');
    expect(shipTool.description).toBe(
      'Ships an order to an address. Changes data in Shop. Returns the parcels sent.',
    );
  });

  it('describes a step for a model: what it changes and what it returns', async () => {
    const [sketchTool, countTool] = (await engine()).tools({
      format: 'anthropic',
      steps: ['shop_save_sketch', 'shop.count_orders'],
    });

    expect(sketchTool.description).toBe(
      'Saves a sketch of any shape. Changes data in Shop; the same call again changes nothing more. Returns saved.',
    );
    expect(countTool.description).toBe(
      'Counts the orders. Read-only: it changes nothing. Returns how many orders there are.',
    );
  });

  it("gives OpenAI's strict form: all required, optional ones nullable, dropped constraints said in words", async () => {
    const [tool] = (await engine()).tools({ format: 'openai', strict: true, steps: ['shop_ship_order'] });
    const { parameters } = tool.function;

    expect(tool.function.strict).toBe(true);
    expect(parameters.required).toEqual(['order', 'to', 'at', 'speed', 'tags', 'x-note']);
    expect(parameters.additionalProperties).toBe(false);
    expect(parameters.properties?.order).toEqual({
      description:
        'The order id (1 to 40 characters; lowercase letters, digits and dots, not starting with a dot)',
      type: 'string',
    });
    expect(parameters.properties?.speed).toEqual({
      anyOf: [{ type: 'string', enum: ['express'] }, { type: 'null' }],
    });
    expect(parameters.properties?.tags).toEqual({
      description: 'No duplicates',
      anyOf: [{ type: 'array', maxItems: 5, items: { type: 'string' } }, { type: 'null' }],
    });
    expect(parameters.properties?.to).toMatchObject({
      type: 'object',
      required: ['city', 'zip'],
      additionalProperties: false,
      properties: {
        zip: { description: 'At most 10 characters', anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
    });
  });

  it('keeps a step strict mode cannot describe in its standard form, marked not strict', async () => {
    const [tool] = (await engine()).tools({
      format: 'openai-responses',
      strict: true,
      steps: ['shop_save_sketch'],
    });

    expect(tool).toMatchObject({ type: 'function', name: 'shop_save_sketch', strict: false });
    expect(tool.parameters.properties?.sketch).toEqual({ description: 'Any JSON' });
  });

  it('gives MCP an object output schema, a list or a number under "result", and hints from the effect', async () => {
    const [shipTool, sketchTool, countTool] = (await engine()).tools({ format: 'mcp' });

    expect(shipTool.outputSchema).toMatchObject({
      type: 'object',
      required: ['result'],
      properties: { result: { type: 'array', description: 'The parcels sent' } },
    });
    expect(sketchTool.outputSchema).toMatchObject({
      type: 'object',
      properties: { saved: { type: 'boolean' } },
    });
    expect(countTool.outputSchema.properties?.result).toEqual({
      type: 'integer',
      description: 'How many orders there are',
    });
    expect(mcpStructuredContent(ship.output, [{ parcel: 'P1' }])).toEqual({ result: [{ parcel: 'P1' }] });
    expect(mcpStructuredContent(sketch.output, { saved: true })).toEqual({ saved: true });

    expect(shipTool.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(sketchTool.annotations.idempotentHint).toBe(true);
    expect(countTool.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
    expect(countTool.title).toBe('Count Orders');
  });

  it('filters by integration, step and effect, and says what a filter names that is not there', async () => {
    const calls = await engine();

    expect(calls.tools({ format: 'anthropic', readOnly: true }).map((tool) => tool.name)).toEqual([
      'shop_count_orders',
    ]);
    expect(
      calls.tools({ format: 'anthropic', integrations: ['shop'], steps: ['shop_ship_order'] }),
    ).toHaveLength(1);
    expect(() => calls.tools({ format: 'anthropic', integrations: ['shoop'] })).toThrow(
      new ToolSelectionError('No integration "shoop" is installed (installed: shop)'),
    );
    expect(() => calls.tools({ format: 'anthropic', steps: ['shop_ship'] })).toThrow(
      /No step or tool is called "shop_ship"/,
    );
    expect(() => calls.tools({ format: 'anthropic', steps: ['shop.refund_order'] })).toThrow(
      'Step "shop.refund_order" is not available: refunds are made by hand for now',
    );
    expect(() => calls.tools({ format: 'gemini' as 'mcp' })).toThrow(
      /No tool format "gemini": choose "openai"/,
    );
  });

  it('refuses a schema that refers to itself, naming the step', async () => {
    const Node = Type.Object(
      { name: Type.String(), child: Type.Optional(Type.Ref('Node')) },
      { $id: 'Node' },
    );
    const tree = defineStep({
      id: 'shop.save_tree',
      title: 'Save Tree',
      description: 'Saves a tree.',
      effect: 'write',
      input: Type.Object({ root: Node }),
      output: Type.Object({}),
      run: async () => ({}),
    });
    const calls = await createEngine({ integrations: [{ ...shop, steps: [tree] }] });

    expect(() => calls.tools({ format: 'mcp' })).toThrow(
      /The schema of step "shop.save_tree"'s input refers to itself through "Node"/,
    );
  });
});
