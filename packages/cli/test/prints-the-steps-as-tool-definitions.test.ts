import { describe, expect, it, jest } from '@jest/globals';
import { runCliHere } from './support/cli-in-process.js';
import { strictRuleBreaks } from './support/openai-strict-rules.js';

jest.setTimeout(240_000);

interface OpenAITool {
  type: string;
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean };
}

describe('toolsteps tools', () => {
  it('prints every installed step as an OpenAI tool, in strict form where strict mode can say it', async () => {
    const { code, stdout, stderr } = await runCliHere(['tools', '--format', 'openai', '--strict']);

    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const tools = JSON.parse(stdout) as OpenAITool[];
    const names = tools.map((tool) => tool.function.name);
    for (const prefix of ['github_', 'zendesk_', 'enrichment_', 'admin_'])
      expect(names.some((name) => name.startsWith(prefix))).toBe(true);
    const issue = tools.find((tool) => tool.function.name === 'github_create_issue');
    expect(issue).toMatchObject({ type: 'function', function: { strict: true } });
    for (const tool of tools.filter((one) => one.function.strict))
      expect(strictRuleBreaks(tool.function.parameters)).toEqual([]);
  });

  it('prints MCP tools of the integrations named, only those that change nothing with --read-only', async () => {
    const { code, stdout } = await runCliHere([
      'tools',
      '--format',
      'mcp',
      '--integration',
      'zendesk',
      'enrichment',
      '--read-only',
    ]);

    expect(code).toBe(0);
    const tools = JSON.parse(stdout) as Array<{ name: string; annotations: { readOnlyHint: boolean } }>;
    expect(tools.map((tool) => tool.name)).toEqual([
      'enrichment_enrich_contacts',
      'enrichment_find_contact',
      'enrichment_search_contacts',
      'enrichment_enrich_companies',
      'enrichment_find_company',
      'enrichment_search_companies',
      'zendesk_get_ticket',
      'zendesk_list_tickets',
      'zendesk_search_tickets',
    ]);
    expect(tools.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
  });

  it('prints one step by its tool name in the neutral JSON Schema shape', async () => {
    const { code, stdout } = await runCliHere([
      'tools',
      '--format',
      'json-schema',
      '--step',
      'github_star_repo',
    ]);

    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      {
        name: 'github_star_repo',
        description: expect.stringMatching(/^Stars a repository/),
        inputSchema: expect.objectContaining({ type: 'object', required: ['owner', 'repo'] }),
        outputSchema: expect.objectContaining({ type: 'object' }),
      },
    ]);
  });

  it('exits 2 on an unknown format or integration, or without --format, saying what to give', async () => {
    const format = await runCliHere(['tools', '--format', 'gemini']);
    expect(format).toMatchObject({ code: 2, stdout: '' });
    expect(format.stderr).toBe(
      'toolsteps: No tool format "gemini": choose "openai", "openai-responses", "anthropic", "mcp", "json-schema"\n',
    );

    const integration = await runCliHere(['tools', '--format', 'mcp', '--integration', 'githbu']);
    expect(integration).toMatchObject({ code: 2, stdout: '' });
    expect(integration.stderr).toBe(
      'toolsteps: No integration "githbu" is installed (installed: admin, enrichment, github, zendesk)\n',
    );

    const missing = await runCliHere(['tools']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '--format <format>' not specified");
  });
});
