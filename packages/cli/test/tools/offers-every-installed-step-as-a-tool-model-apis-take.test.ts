import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from '@jest/globals';
import { createEngine, type Engine, ToolNames } from '@toolsteps/engine';
import admin from '@toolsteps/step-admin';
import enrichment from '@toolsteps/step-enrichment';
import github from '@toolsteps/step-github';
import zendesk from '@toolsteps/step-zendesk';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { strictRuleBreaks } from '../support/openai-strict-rules.js';

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const INTEGRATIONS = [github, zendesk, enrichment, admin];
const engine: Engine = await createEngine({ integrations: INTEGRATIONS });
const installed = INTEGRATIONS.flatMap((integration) => integration.steps).filter((step) => step.available);

/** Ajv in strict mode knows every standard keyword and refuses any other; formats as ajv-formats has them. */
function strictAjvs() {
  const draft07 = new Ajv({ strict: true });
  const draft2020 = new Ajv2020({ strict: true });
  addFormats(draft07);
  addFormats(draft2020);
  return [draft07, draft2020];
}

describe('engine.tools over the four step packages: definitions model APIs take', () => {
  it('offers every available step once, named as every API allows, each name mapping back to its step', () => {
    const names = new ToolNames(engine.registry);
    const tools = engine.tools({ format: 'mcp' });

    expect(tools.map((tool) => names.stepId(tool.name))).toEqual(installed.map((step) => step.id));
    for (const tool of tools) expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
  });

  it("gives OpenAI's and Anthropic's SDK types, shaped as they are at run time", () => {
    // These assignments are the check that the shapes are the SDKs' own: pnpm typecheck compiles them.
    const chat: ChatCompletionTool[] = engine.tools({ format: 'openai', strict: true });
    const responses: FunctionTool[] = engine.tools({ format: 'openai-responses' });
    const messages: Anthropic.Tool[] = engine.tools({ format: 'anthropic' });

    for (const tool of chat) {
      expect(tool).toEqual({
        type: 'function',
        function: {
          name: expect.any(String),
          description: expect.any(String),
          parameters: expect.objectContaining({ type: 'object' }),
          strict: expect.any(Boolean),
        },
      });
    }
    for (const tool of responses) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'name', 'parameters', 'strict', 'type']);
      expect(tool).toMatchObject({ type: 'function', strict: false, parameters: { type: 'object' } });
    }
    for (const tool of messages) {
      expect(Object.keys(tool).sort()).toEqual(['description', 'input_schema', 'name']);
      expect(tool.input_schema.type).toBe('object');
    }
  });

  it("gives every strict tool parameters that follow OpenAI's strict rules, and says which steps are not strict", () => {
    const tools = engine.tools({ format: 'openai', strict: true });

    for (const tool of tools.filter((one) => one.function.strict)) {
      expect({ tool: tool.function.name, breaks: strictRuleBreaks(tool.function.parameters) }).toEqual({
        tool: tool.function.name,
        breaks: [],
      });
    }
    // Free-form values (a custom call's body, a gist's files, a dispatch's inputs), and an optional
    // argument whose null means something: strict mode cannot say them.
    expect(tools.filter((one) => !one.function.strict).map((one) => one.function.name)).toEqual([
      'github_update_issue',
      'github_create_workflow_dispatch',
      'github_create_gist',
      'github_update_gist',
      'github_api_call',
      'zendesk_update_ticket',
      'zendesk_api_call',
      'enrichment_api_call',
      'admin_api_call',
    ]);
  });

  it('has the strict rules checker refuse what strict mode refuses', () => {
    expect(strictRuleBreaks({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([
      '(root): additionalProperties is not false',
      '(root): required [] is not every property ["a"]',
    ]);
    expect(
      strictRuleBreaks({
        type: 'object',
        properties: { a: { type: 'string', minLength: 1, format: 'uri' }, b: {} },
        required: ['a', 'b'],
        additionalProperties: false,
      }),
    ).toEqual([
      '(root)/a: keyword minLength is not supported',
      '(root)/a: format uri',
      '(root)/b: no type (any value)',
    ]);
    expect(strictRuleBreaks({ anyOf: [{ type: 'object' }] })[0]).toBe('(root): not an object schema');
  });

  it('gives schemas that compile in ajv strict mode, draft-07 and 2020-12: no unknown keyword is left', () => {
    const schemas = [
      ...engine.tools({ format: 'mcp' }).flatMap((tool) => [tool.inputSchema, tool.outputSchema]),
      ...engine.tools({ format: 'openai', strict: true }).map((tool) => tool.function.parameters),
      ...engine.tools({ format: 'json-schema' }).map((tool) => tool.outputSchema),
    ];
    for (const ajv of strictAjvs()) {
      for (const schema of schemas) expect(() => ajv.compile(schema)).not.toThrow();
    }
  });

  it('describes each tool for a model, with nothing of how Toolsteps runs it', () => {
    for (const tool of engine.tools({ format: 'anthropic' })) {
      // GitHub Actions has workflows of its own: only its tools may say the word.
      const internals = /\bengine\b|jsonata|\{%|resumed run|\b(this|the) step\b|\bjournal\b|\bbudgets?\b/i;
      expect({ tool: tool.name, internals: internals.test(tool.description) }).toEqual({
        tool: tool.name,
        internals: false,
      });
      if (!/workflow/.test(tool.name)) expect(tool.description).not.toMatch(/\bworkflow\b/i);
      expect(tool.description).toMatch(
        / (Read-only: it changes nothing|Changes data in .+|Deletes data in .+)\./,
      );
      expect(tool.description).toMatch(/ Returns .+\.$/);
    }
  });

  it('ranks the tools a request needs first, so a runtime hands a model five, not all', () => {
    const first = (query: string) => engine.searchTools(query, { limit: 5 }).map((tool) => tool.name);

    expect(first('open an issue')[0]).toBe('github_create_issue');
    expect(first('comment on an issue')[0]).toBe('github_create_issue_comment');
    expect(first('delete a ticket')[0]).toBe('zendesk_delete_ticket');
    expect(first('star a repository')[0]).toBe('github_star_repo');
    expect(first('find the email of a person')[0]).toBe('enrichment_find_contact');
    expect(first('change the status of a project item')[0]).toBe('github_update_project_item_status');
    expect(first('zendesk_get_ticket')[0]).toBe('zendesk_get_ticket');
    expect(first('open an issue')).toHaveLength(5);
    expect(first('quantum teleportation')).toEqual([]);
  });

  it('searches within the same filters and formats as engine.tools', () => {
    const found = engine.searchTools('delete tickets', {
      format: 'openai',
      readOnly: true,
      limit: 2,
      strict: true,
    });
    const reads = engine.tools({ format: 'openai', readOnly: true }).map((tool) => tool.function.name);

    expect(found).toHaveLength(2);
    for (const tool of found) {
      expect(reads).toContain(tool.function.name);
      expect(tool.function.name).toMatch(/^zendesk_/);
      expect(tool.function.strict).toBe(true);
    }
    expect(() => engine.searchTools('tickets', { limit: 0 })).toThrow(
      /limit must be a whole number of tools, 1 or more/,
    );
  });
});
