import type { TSchema } from '@sinclair/typebox';
import { distance } from 'fastest-levenshtein';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';

/** `toolsteps describe <step>`: what a step does, takes and returns. */
export async function describeCommand(
  stepId: string,
  options: { json?: boolean },
  cli: CliContext,
): Promise<number> {
  const engine = await cli.engine();
  const entry = engine.catalog().find((candidate) => candidate.id === stepId);
  if (!entry) {
    const ids = engine.catalog().map((candidate) => candidate.id);
    const closest = ids.sort((a, b) => distance(stepId, a) - distance(stepId, b))[0];
    const hint =
      closest && distance(stepId, closest) <= Math.max(3, stepId.length / 3)
        ? ` Did you mean "${closest}"?`
        : '';
    throw new UsageError(
      `No step "${stepId}" is installed.${hint} \`toolsteps steps\` lists the installed steps.`,
    );
  }
  if (options.json) {
    cli.output.json(entry);
    return EXIT.ok;
  }
  cli.output.line(`${entry.title} (${entry.id})`);
  cli.output.line(
    `integration: ${entry.integrationTitle}   effect: ${entry.effect}   status: ${entry.status}`,
  );
  if (entry.unavailableReason) cli.output.line(`not available: ${entry.unavailableReason}`);
  cli.output.line('');
  cli.output.line(entry.description);
  cli.output.line('');
  cli.output.line('input:');
  for (const line of fields(entry.input)) cli.output.line(line);
  cli.output.line('output:');
  for (const line of fields(entry.output)) cli.output.line(line);
  return EXIT.ok;
}

function fields(schema: TSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const names = Object.keys(properties);
  if (names.length === 0) return [`  (${typeName(schema)})`];
  return names.map((name) => {
    const property = properties[name];
    const note = property.description ? `  ${property.description}` : '';
    return `  ${name}${required.has(name) ? '' : '?'}: ${typeName(property)}${note}`;
  });
}

function typeName(schema: TSchema): string {
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return (schema.anyOf as TSchema[]).map(typeName).join(' | ');
  if (schema.type === 'array') return `${typeName((schema.items ?? {}) as TSchema)}[]`;
  return String(schema.type ?? 'any');
}
