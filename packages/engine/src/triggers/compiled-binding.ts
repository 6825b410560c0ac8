import type { AnyTrigger, Integration } from '@toolsteps/sdk';
import type { Template } from '../expressions/template.js';
import type { CompiledWorkflow } from '../workflow/compiled-workflow.js';
import type { Binding } from './binding-schema.js';

/** What every compiled binding holds, whatever its events start. */
export interface CompiledBindingBase {
  id: string;
  definition: Binding;
  /** Where it was loaded from, when it came from a file. */
  file?: string;
  trigger: AnyTrigger;
  integration: Integration;
  /** The connected account (id or name) the trigger watches through. */
  account: string;
  /**
   * The end user the binding acts for: `account` is one of that user's, and the runs (or handler
   * calls) its events start act for that user. Undefined: accounts of no user.
   */
  user?: string;
  /** What to watch, as checked against the trigger's config schema. */
  config: Record<string, unknown>;
  filter?: Template;
  input: Template;
  /** Poll triggers: how often this binding polls. */
  intervalMs?: number;
}

/** A binding ready to map any number of events: checked, its expressions compiled once, its workflow loaded. */
export interface CompiledBinding extends CompiledBindingBase {
  workflow: CompiledWorkflow;
  handler?: undefined;
}

/**
 * A binding whose events are handed to a handler of the trigger host (`"handler"` in its file)
 * instead of starting a workflow: the host calls the function registered under that name with each
 * mapped input (`createTriggerHost({ handlers })`).
 */
export interface HandlerBinding extends CompiledBindingBase {
  /** The name of the host's handler each event that passes the filter is handed to. */
  handler: string;
  /** The handler's input schema, when it declares one: the mapped input is checked against it. */
  inputSchema?: object;
  workflow?: undefined;
}

/** A compiled binding of either kind: its events start a workflow, or go to a handler. */
export type AnyCompiledBinding = CompiledBinding | HandlerBinding;
