import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolCallError, ToolCallResult } from '@toolsteps/engine';

/**
 * A tool call's outcome as MCP answers it: the result as JSON text and as `structuredContent` (which
 * matches the tool's `outputSchema`), with the note of what was cut when it was; a failure as an
 * `isError` result whose text tells the model what happened and what to do, as MCP wants tool
 * errors reported (not as protocol errors, which a model never sees).
 */
export function callToolResult(
  outcome: ToolCallResult,
  structuredContent: (result: unknown) => Record<string, unknown>,
): CallToolResult {
  if (outcome.ok) {
    const note = outcome.meta.truncated?.note;
    const text = JSON.stringify(outcome.result ?? null);
    return {
      content: [{ type: 'text', text: note ? `${text}\n\n${note}` : text }],
      structuredContent: structuredContent(outcome.result),
    };
  }
  return { isError: true, content: [{ type: 'text', text: errorText(outcome.error, outcome.meta.outcome) }] };
}

function errorText(error: ToolCallError, outcome: ToolCallResult['meta']['outcome']): string {
  const parts = [`${error.code}: ${error.message}`];
  if (error.path !== undefined) parts.push(`The argument at fault: ${error.path}.`);
  if (error.connect)
    parts.push(
      `Ask the user to connect their ${error.connect.integration} account (${error.connect.kind === 'apiKey' ? 'with an API key' : 'by authorizing it at the provider'}), then call again: until then no ${error.connect.integration} tool can act for them.`,
    );
  if (outcome === 'unknown') parts.push('It may have been done anyway: check before calling it again.');
  else if (error.retryable)
    parts.push(
      error.retryAfterMs === undefined
        ? 'The same call may succeed if you try again later.'
        : `The same call may succeed in ${Math.ceil(error.retryAfterMs / 1000)} s.`,
    );
  return parts.join(' ');
}
