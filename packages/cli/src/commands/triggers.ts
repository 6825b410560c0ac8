import type { Engine, TriggerCatalogEntry } from '@toolsteps/engine';
import ms from 'ms';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { textTable } from '../text-table.js';

/** `toolsteps triggers`: the trigger catalog, as a table or JSON, as `toolsteps steps` lists steps. */
export async function triggersCommand(
  options: { integration?: string; json?: boolean },
  cli: CliContext,
): Promise<number> {
  const engine = await cli.engine();
  let entries = engine.registry.triggerCatalog();
  if (options.integration) {
    if (!engine.registry.integration(options.integration)) {
      const known = engine.registry
        .integrations()
        .map((i) => i.id)
        .join(', ');
      throw new UsageError(
        `No integration "${options.integration}" is installed (installed: ${known || 'none'})`,
      );
    }
    entries = entries.filter((entry) => entry.integration === options.integration);
  }
  if (options.json) {
    cli.output.json(
      entries.map(({ config: _config, event: _event, sample: _sample, ...summary }) => summary),
    );
    return EXIT.ok;
  }
  if (entries.length === 0) {
    cli.output.line(
      options.integration ? `The ${options.integration} integration has no triggers.` : noTriggers(engine),
    );
    return EXIT.ok;
  }
  for (const line of table(entries)) cli.output.line(line);
  return EXIT.ok;
}

function noTriggers(engine: Engine): string {
  const loaded = engine.registry.integrations().map((i) => i.id);
  return loaded.length > 0
    ? `No triggers are installed (the loaded integrations ${loaded.join(', ')} have none).`
    : 'No triggers are installed: add @toolsteps/step-* packages, or name integrations in toolsteps.config.json (--config).';
}

function table(entries: TriggerCatalogEntry[]): string[] {
  return textTable([
    ['TRIGGER', 'TITLE', 'DELIVERY', 'STATUS'],
    ...entries.map((e) => [e.id, e.title, delivery(e), e.status]),
  ]);
}

function delivery(entry: TriggerCatalogEntry): string {
  return entry.delivery === 'webhook' ? 'webhook' : `poll ${ms(entry.intervalMs ?? 0)}`;
}
