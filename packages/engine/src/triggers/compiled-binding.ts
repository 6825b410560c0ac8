import type { AnyTrigger, Integration } from '@toolsteps/sdk';
import type { Template } from '../expressions/template.js';
import type { CompiledWorkflow } from '../workflow/compiled-workflow.js';
import type { Binding } from './binding-schema.js';

/** A binding ready to map any number of events: checked, its expressions compiled once, its workflow loaded. */
export interface CompiledBinding {
  id: string;
  definition: Binding;
  /** Where it was loaded from, when it came from a file. */
  file?: string;
  trigger: AnyTrigger;
  integration: Integration;
  /** The connected account (id or name) the trigger watches through. */
  account: string;
  /** What to watch, as checked against the trigger's config schema. */
  config: Record<string, unknown>;
  filter?: Template;
  input: Template;
  workflow: CompiledWorkflow;
  /** Poll triggers: how often this binding polls. */
  intervalMs?: number;
}
