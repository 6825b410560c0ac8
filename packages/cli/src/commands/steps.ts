import { type CatalogEntry, catalogMarkdown, type Engine } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { textTable } from '../text-table.js';

/** `toolsteps steps`: the catalog, as a table or JSON. */
export async function stepsCommand(
  options: { integration?: string; json?: boolean; markdown?: boolean },
  cli: CliContext,
): Promise<number> {
  const engine = await cli.engine();
  let entries = engine.catalog();
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
    cli.output.json(entries.map(({ input: _input, output: _output, ...summary }) => summary));
    return EXIT.ok;
  }
  if (options.markdown) {
    cli.output.line(catalogMarkdown(entries).trimEnd());
    return EXIT.ok;
  }
  if (entries.length === 0) {
    cli.output.line(
      options.integration ? `The ${options.integration} integration has no steps.` : noSteps(engine),
    );
    return EXIT.ok;
  }
  for (const line of table(entries)) cli.output.line(line);
  return EXIT.ok;
}

function noSteps(engine: Engine): string {
  const loaded = engine.registry.integrations().map((i) => i.id);
  return loaded.length > 0
    ? `No steps are installed (the loaded integrations ${loaded.join(', ')} have none).`
    : 'No steps are installed: add @toolsteps/step-* packages, or name integrations in toolsteps.config.json (--config).';
}

function table(entries: CatalogEntry[]): string[] {
  return textTable([
    ['STEP', 'TITLE', 'EFFECT', 'STATUS'],
    ...entries.map((e) => [e.id, e.title, e.effect, e.status]),
  ]);
}
