import type { CompiledWorkflow } from '../workflow/compiled-workflow.js';
import { TOOL_NAME, toolNameOf } from './tool-names.js';

/** A workflow a runtime offers a model as one tool: its input is the tool's arguments, its output the result. */
export interface WorkflowTool {
  name: string;
  description: string;
  /** The workflow's input schema (a JSON Schema of an object), or one of an empty object when it has none. */
  inputSchema: Record<string, unknown>;
  workflow: CompiledWorkflow;
}

export interface WorkflowToolOptions {
  /** The tool's name; default the workflow id as a tool name (`triage-bugs` stays `triage-bugs`). */
  name?: string;
  /** What the model reads; default the workflow's `description`, else its `title`. */
  description?: string;
}

/**
 * The workflows registered as tools, by name. Names are checked once, here: valid for every model
 * API, and taken by no step and no other workflow.
 */
export class WorkflowTools {
  private readonly tools = new Map<string, WorkflowTool>();

  constructor(private readonly stepNamed: (name: string) => boolean) {}

  add(workflow: CompiledWorkflow, options: WorkflowToolOptions = {}): WorkflowTool {
    const name = options.name ?? toolNameOf(workflow.id);
    if (!TOOL_NAME.test(name)) {
      throw new RangeError(
        `Tool name ${JSON.stringify(name)} is not one every model API accepts: 1 to 64 letters, digits, "_" or "-"`,
      );
    }
    if (this.stepNamed(name))
      throw new RangeError(`Tool name "${name}" is a step's: give the workflow another name`);
    const taken = this.tools.get(name);
    if (taken && taken.workflow.id !== workflow.id) {
      throw new RangeError(
        `Tool name "${name}" is taken by workflow "${taken.workflow.id}": give this one another name`,
      );
    }
    const definition = workflow.definition;
    const description = options.description ?? definition.description ?? definition.title;
    if (!description) {
      throw new RangeError(
        `Workflow "${workflow.id}" has no description for a model to choose it by: give it one in the file, or as an option`,
      );
    }
    const tool: WorkflowTool = {
      name,
      description,
      inputSchema: (definition.input as Record<string, unknown> | undefined) ?? {
        type: 'object',
        properties: {},
      },
      workflow,
    };
    this.tools.set(name, tool);
    return tool;
  }

  remove(name: string): boolean {
    return this.tools.delete(name);
  }

  get(name: string): WorkflowTool | undefined {
    return this.tools.get(name);
  }

  list(): WorkflowTool[] {
    return [...this.tools.values()];
  }
}
