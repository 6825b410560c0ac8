import type { CatalogEntry, TriggerCatalogEntry } from '@toolsteps/engine';
import { distance } from 'fastest-levenshtein';
import ms from 'ms';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import type { Output } from '../output.js';
import { schemaFields } from '../schema-fields.js';

/** How deep `describe` lists a trigger's event: deep enough for `$event.issue.user.login`. */
const EVENT_DEPTH = 4;
/** A step's fields and one level inside them: `items: object[]` alone does not say what an item holds. */
const STEP_DEPTH = 2;

/** `toolsteps describe <id>`: what a step does, takes and returns, or what a trigger watches and sends. */
export async function describeCommand(
  id: string,
  options: { json?: boolean },
  cli: CliContext,
): Promise<number> {
  const engine = await cli.engine();
  const step = engine.catalog().find((candidate) => candidate.id === id);
  const trigger = step
    ? undefined
    : engine.registry.triggerCatalog().find((candidate) => candidate.id === id);
  if (!step && !trigger) throw notInstalled(id, engine.catalog(), engine.registry.triggerCatalog());
  if (options.json) {
    cli.output.json(step ?? trigger);
    return EXIT.ok;
  }
  if (step) describeStep(step, cli.output);
  else if (trigger) describeTrigger(trigger, cli.output);
  return EXIT.ok;
}

function describeStep(entry: CatalogEntry, output: Output): void {
  output.line(`${entry.title} (${entry.id})`);
  output.line(`integration: ${entry.integrationTitle}   effect: ${entry.effect}   status: ${entry.status}`);
  if (entry.unavailableReason) output.line(`not available: ${entry.unavailableReason}`);
  output.line('');
  output.line(entry.description);
  output.line('');
  output.line('input:');
  for (const line of schemaFields(entry.input, STEP_DEPTH)) output.line(line);
  output.line('output:');
  for (const line of schemaFields(entry.output, STEP_DEPTH)) output.line(line);
}

function describeTrigger(entry: TriggerCatalogEntry, output: Output): void {
  output.line(`${entry.title} (${entry.id})`);
  output.line(
    `integration: ${entry.integrationTitle}   delivery: ${delivery(entry)}   status: ${entry.status}`,
  );
  if (entry.unavailableReason) output.line(`not available: ${entry.unavailableReason}`);
  for (const { id, title } of entry.requires ?? []) {
    output.line(`requires: ${title} (${id}); a binding activates only where the host grants it`);
  }
  output.line('');
  output.line(entry.description);
  output.line('');
  output.line('config:');
  for (const line of schemaFields(entry.config)) output.line(line);
  output.line('event ($event):');
  for (const line of schemaFields(entry.event, EVENT_DEPTH)) output.line(line);
  output.line('sample:');
  for (const line of JSON.stringify(entry.sample, null, 2).split('\n')) output.line(`  ${line}`);
}

function delivery(entry: TriggerCatalogEntry): string {
  if (entry.delivery === 'webhook') return `webhook (${(entry.subscribes ?? []).join(', ')})`;
  return `poll every ${ms(entry.intervalMs ?? 0, { long: true })}`;
}

/** Suggests the closest step or trigger id; a typo of a step id reads as it always has. */
function notInstalled(id: string, steps: CatalogEntry[], triggers: TriggerCatalogEntry[]): UsageError {
  const candidates = [...steps, ...triggers].map((entry) => ({ id: entry.id, trigger: 'kind' in entry }));
  const [closest] = candidates.sort((a, b) => distance(id, a.id) - distance(id, b.id));
  const near = closest && distance(id, closest.id) <= Math.max(3, id.length / 3) ? closest : undefined;
  if (near?.trigger) {
    return new UsageError(
      `No trigger "${id}" is installed. Did you mean "${near.id}"? \`toolsteps triggers\` lists the installed triggers.`,
    );
  }
  if (near || triggers.length === 0) {
    const hint = near ? ` Did you mean "${near.id}"?` : '';
    return new UsageError(
      `No step "${id}" is installed.${hint} \`toolsteps steps\` lists the installed steps.`,
    );
  }
  return new UsageError(
    `No step or trigger "${id}" is installed. \`toolsteps steps\` and \`toolsteps triggers\` list them.`,
  );
}
