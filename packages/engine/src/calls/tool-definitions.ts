import type { CatalogEntry, StepRegistry } from '../ports/services.js';
import type { JsonSchema } from '../workflow/published-schema.js';
import { standardSchema } from './model-schema.js';
import { type ModelTool, mcpOutputSchema, modelTool, wrapsResult } from './model-tool.js';
import { rankTools } from './search-tools.js';
import { selfContainedSchema } from './self-contained-schema.js';
import { TOOL_FORMATS, type ToolDefinition, type ToolFormat } from './tool-formats.js';
import { ToolNames } from './tool-names.js';
import { workflowCatalogEntry } from './workflow-catalog-entry.js';
import type { WorkflowTool } from './workflow-tools.js';

export interface ToolsOptions<F extends ToolFormat = ToolFormat> {
  /** Which API's shape: `openai` (Chat Completions), `openai-responses`, `anthropic`, `mcp`, `json-schema`. */
  format: F;
  /** Only the steps of these integrations, by id (`github`). */
  integrations?: readonly string[];
  /** Only these steps, by id (`github.create_issue`) or tool name (`github_create_issue`). */
  steps?: readonly string[];
  /** Only steps that change nothing (`effect: 'read'`). */
  readOnly?: boolean;
  /**
   * Input schemas in OpenAI's strict form (every property required, optional ones nullable, objects
   * closed, its keyword subset). A step strict mode cannot describe keeps its standard schema, with
   * `strict: false` in the OpenAI shapes. Default false.
   */
  strict?: boolean;
}

export interface SearchToolsOptions<F extends ToolFormat = 'json-schema'> extends Partial<ToolsOptions<F>> {
  /** At most this many tools, the best matches first; default 5. */
  limit?: number;
}

const DEFAULT_LIMIT = 5;

/** A `tools` or `searchTools` option that names nothing installed, or an unknown format. */
export class ToolSelectionError extends RangeError {
  override readonly name = 'ToolSelectionError';
}

/**
 * The installed steps as tools in `format`, in the catalog's order, filters applied together.
 * Unavailable steps are never offered (naming one in `steps` is an error saying why), nor a step
 * whose arguments are not an object. Every call builds fresh definitions: the caller may change them.
 */
export function toolDefinitions<F extends ToolFormat>(
  registry: StepRegistry,
  options: ToolsOptions<F>,
  workflows: readonly WorkflowTool[] = [],
): ToolDefinition<F>[] {
  return modelTools(registry, options, workflows).map((tool) => shaped(tool, options.format));
}

/** The tools `options` select (the steps, then the workflows offered as tools), before a format shapes them. */
export function modelTools(
  registry: StepRegistry,
  options: ToolsOptions,
  workflows: readonly WorkflowTool[] = [],
): ModelTool[] {
  checkFormat(options.format);
  return selectedEntries(registry, options, workflows)
    .map((entry) => modelTool(entry, options.strict === true))
    .filter((tool): tool is ModelTool => tool !== undefined);
}

/**
 * The tools that best match `query` (`open an issue`), best first, at most `limit`, in `format`
 * (default `json-schema`), after the same filters as `toolDefinitions`; `rankTools` says how they
 * are scored. Tools that match no word of the query are left out, so the list may be shorter.
 */
export function searchToolDefinitions<F extends ToolFormat = 'json-schema'>(
  registry: StepRegistry,
  query: string,
  options: SearchToolsOptions<F> = {},
  workflows: readonly WorkflowTool[] = [],
): ToolDefinition<F>[] {
  const format = (options.format ?? 'json-schema') as F;
  checkFormat(format);
  const limit = options.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1)
    throw new ToolSelectionError(
      `limit must be a whole number of tools, 1 or more, not ${JSON.stringify(limit)}`,
    );
  if (typeof query !== 'string')
    throw new ToolSelectionError(`The query must be text, such as "open an issue", not ${typeof query}`);
  const found: ToolDefinition<F>[] = [];
  for (const match of rankTools(selectedEntries(registry, { ...options, format }, workflows), query)) {
    const tool = modelTool(match.entry, options.strict === true);
    if (tool !== undefined) found.push(shaped(tool, format));
    if (found.length === limit) break;
  }
  return found;
}

function checkFormat(format: unknown): void {
  if (TOOL_FORMATS.includes(format as ToolFormat)) return;
  throw new ToolSelectionError(
    `No tool format ${JSON.stringify(format)}: choose ${TOOL_FORMATS.map((name) => `"${name}"`).join(', ')}`,
  );
}

function selectedEntries(
  registry: StepRegistry,
  options: ToolsOptions,
  workflows: readonly WorkflowTool[],
): CatalogEntry[] {
  return [...selectedSteps(registry, options), ...selectedWorkflows(workflows, options)];
}

/**
 * Workflow tools pass the filters as their steps would: none when steps are named, those whose
 * integrations are all among the named ones, only reads with `readOnly`.
 */
function selectedWorkflows(workflows: readonly WorkflowTool[], options: ToolsOptions): CatalogEntry[] {
  if (options.steps !== undefined) return [];
  return workflows
    .map(workflowCatalogEntry)
    .filter(
      (entry) =>
        (options.integrations === undefined ||
          entry.integrations.every((id) => options.integrations?.includes(id))) &&
        (!options.readOnly || entry.effect === 'read'),
    );
}

function selectedSteps(registry: StepRegistry, options: ToolsOptions): CatalogEntry[] {
  // Built every time: it refuses two steps that would share a tool name.
  const names = new ToolNames(registry);
  let entries = registry.catalog();
  if (options.integrations !== undefined) {
    const installed = registry.integrations().map((integration) => integration.id);
    for (const id of options.integrations) {
      if (!installed.includes(id))
        throw new ToolSelectionError(
          `No integration "${id}" is installed (installed: ${installed.join(', ') || 'none'})`,
        );
    }
    entries = entries.filter((entry) => options.integrations?.includes(entry.integration));
  }
  if (options.steps !== undefined) {
    const wanted = new Set(options.steps.map((step) => stepIdOf(registry, names, step)));
    entries = entries.filter((entry) => wanted.has(entry.id));
  }
  if (options.readOnly) entries = entries.filter((entry) => entry.effect === 'read');
  return entries.filter((entry) => entry.status !== 'unavailable');
}

function stepIdOf(registry: StepRegistry, names: ToolNames, step: string): string {
  const id = names.stepId(step);
  if (id === undefined)
    throw new ToolSelectionError(
      `No step or tool is called "${step}": name steps by id (github.create_issue) or tool name (github_create_issue); toolsteps steps lists them`,
    );
  const entry = registry.catalog().find((candidate) => candidate.id === id);
  if (entry?.status === 'unavailable')
    throw new ToolSelectionError(
      `Step "${id}" is not available: ${entry.unavailableReason ?? 'no reason given'}`,
    );
  return id;
}

function shaped<F extends ToolFormat>(tool: ModelTool, format: F): ToolDefinition<F> {
  const { name, description, input } = tool;
  const shapes: { [K in ToolFormat]: () => ToolDefinition<K> } = {
    openai: () => ({
      type: 'function',
      function: { name, description, parameters: input, strict: tool.strict },
    }),
    'openai-responses': () => ({
      type: 'function',
      name,
      description,
      parameters: input,
      strict: tool.strict,
    }),
    anthropic: () => ({ name, description, input_schema: input }),
    mcp: () => ({
      name,
      title: tool.entry.title,
      description,
      inputSchema: input,
      outputSchema: mcpOutputSchema(tool.output),
      annotations: {
        readOnlyHint: tool.entry.effect === 'read',
        destructiveHint: tool.entry.effect !== 'read',
        idempotentHint: tool.entry.effect === 'read' || tool.entry.idempotent === true,
        openWorldHint: true,
      },
    }),
    'json-schema': () => ({ name, description, inputSchema: input, outputSchema: tool.output }),
  };
  return shapes[format]() as ToolDefinition<F>;
}

/**
 * A step's result as MCP's `structuredContent`: as it is when the step's output is an object, else
 * `{ result }`, matching the tool's `outputSchema`.
 */
export function mcpStructuredContent(output: unknown, result: unknown): Record<string, unknown> {
  const schema = standardSchema(selfContainedSchema(output, 'the output') as JsonSchema);
  return wrapsResult(schema) ? { result } : (result as Record<string, unknown>);
}
