import type { StepRegistry } from '../ports/services.js';

/**
 * What OpenAI, Anthropic and MCP all accept as a tool name: OpenAI's and Anthropic's rule, which is
 * the narrowest (MCP also allows dots).
 */
export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A step id as a tool name: `github.create_issue` → `github_create_issue`. Dots and any other
 * character the rule refuses become `_`.
 */
export function toolNameOf(stepId: string): string {
  return stepId.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

/**
 * Tool names of the installed steps, one to one: every step has one name, every name one step. Built
 * from a registry; a clash (two step ids with the same name) is refused when it is built, not
 * discovered when a model calls the wrong step.
 */
export class ToolNames {
  private readonly stepIds = new Map<string, string>();

  constructor(registry: StepRegistry) {
    for (const entry of registry.catalog()) {
      const name = toolNameOf(entry.id);
      const taken = this.stepIds.get(name);
      if (taken !== undefined) {
        throw new Error(
          `Steps "${taken}" and "${entry.id}" would have the same tool name "${name}": rename one of them`,
        );
      }
      this.stepIds.set(name, entry.id);
    }
  }

  /** The step a tool name (or a step id) stands for; undefined when no installed step has it. */
  stepId(nameOrId: string): string | undefined {
    const named = this.stepIds.get(nameOrId);
    if (named !== undefined) return named;
    return this.stepIds.get(toolNameOf(nameOrId)) === nameOrId ? nameOrId : undefined;
  }

  /** Every tool name, in the catalog's order. */
  names(): string[] {
    return [...this.stepIds.keys()];
  }
}
