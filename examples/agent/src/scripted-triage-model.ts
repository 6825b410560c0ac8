import type { ToolCallResult } from '@toolsteps/engine';
import { MockLanguageModelV3 } from 'ai/test';

type Turn = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;
type Options = Parameters<MockLanguageModelV3['doGenerate']>[0];
type FoundIssue = { number: number; title: string; author: string | null };

const NO_USAGE: Turn['usage'] = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

const answer = (text: string): Turn => ({
  content: [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: undefined },
  usage: NO_USAGE,
  warnings: [],
});

const callTool = (options: Options, toolName: string, input: object): Turn =>
  options.tools?.some((offered) => offered.name === toolName)
    ? {
        content: [
          { type: 'tool-call', toolCallId: `call-${toolName}`, toolName, input: JSON.stringify(input) },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage: NO_USAGE,
        warnings: [],
      }
    : answer(`I was offered no ${toolName} tool, so I cannot do that.`);

/**
 * A model that plays a triage agent's part, offline and always the same way: like a real one it only
 * sees the conversation (the request, the tools offered, what its calls so far answered) and decides
 * its next turn from that. It searches the open bugs of the repository named in the request, comments
 * on the first one the search found, then answers; a failed call ends it with the error's message.
 */
export const triageModel = new MockLanguageModelV3({
  doGenerate: async (options) => {
    const said = options.prompt.flatMap((message) => (message.role === 'user' ? message.content : []));
    const request = said.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
    const [, owner, repo] = /([\w-]+)\/([\w.-]+\w)/.exec(request) ?? [];
    if (owner === undefined) return answer('Which repository do you mean (owner/name)?');

    // What each call answered, by tool: engine.call's outcome, handed back as JSON.
    const outcomes = new Map<string, ToolCallResult>();
    for (const message of options.prompt) {
      if (message.role !== 'tool') continue;
      for (const part of message.content)
        if (part.type === 'tool-result' && part.output.type === 'json')
          outcomes.set(part.toolName, part.output.value as unknown as ToolCallResult);
    }
    const failed = [...outcomes].find(([, outcome]) => !outcome.ok);
    if (failed && !failed[1].ok)
      return answer(`${failed[0]} failed, so I stopped: ${failed[1].error.message}`);

    const search = outcomes.get('github_search_issues');
    if (search === undefined)
      return callTool(options, 'github_search_issues', {
        q: `repo:${owner}/${repo} is:issue is:open label:bug`,
      });
    const found = (search.ok ? search.result : { items: [] }) as { items: FoundIssue[] };
    const [first] = found.items;
    if (first === undefined) return answer(`${owner}/${repo} has no open bugs.`);

    if (!outcomes.has('github_create_issue_comment')) {
      const thanks = first.author === null ? 'Thanks for the report' : `Thanks @${first.author}`;
      return callTool(options, 'github_create_issue_comment', {
        owner,
        repo,
        issue_number: first.number,
        body: `${thanks}: we are looking into it.`,
      });
    }
    return answer(
      `${found.items.length} open bugs; I told the reporter of the first, #${first.number} "${first.title}", that we are on it.`,
    );
  },
});
