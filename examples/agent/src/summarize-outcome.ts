import type { ToolCallResult } from '@toolsteps/engine';

/** One line about what a tool call answered, for the console: enough to follow the agent. */
export function summarizeOutcome(outcome: ToolCallResult): string {
  if (!outcome.ok) return `error ${outcome.error.code}: ${outcome.error.message}`;
  const result = (outcome.result ?? {}) as {
    items?: { number: number; title: string }[];
    user?: { login: string };
  };
  if (result.items)
    return `ok: ${result.items.length} found: ${result.items.map((issue) => `#${issue.number} ${issue.title}`).join(', ')}`;
  if (result.user) return `ok: done as ${result.user.login}`;
  return `ok (${outcome.meta.requests} requests)`;
}
