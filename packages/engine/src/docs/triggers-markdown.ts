import type { TSchema } from '@toolsteps/sdk';
import type { TriggerCatalogEntry } from '../ports/services.js';

/**
 * A Markdown table of triggers (id, how events arrive, config, event fields) straight from the
 * catalog, so the README cannot drift from the code, as the steps table cannot: a test compares them.
 * Config shows `name` when required and `name?` when optional; alternatives (oneOf) are joined by "or".
 */
export function triggersMarkdown(entries: readonly TriggerCatalogEntry[]): string {
  const rows = entries.map((entry) => [
    `\`${entry.id}\``,
    delivery(entry),
    config(entry.config),
    fields(entry.event),
  ]);
  return alignedTable(['trigger', 'delivery', 'config', 'event'], rows);
}

function delivery(entry: TriggerCatalogEntry): string {
  if (entry.status === 'unavailable') return `not available: ${entry.unavailableReason ?? ''}`.trim();
  if (entry.delivery === 'poll') return `poll, every ${Math.round((entry.intervalMs ?? 0) / 60_000)} min`;
  return `webhook: ${(entry.subscribes ?? []).map((name) => `\`${name}\``).join(', ')}`;
}

/** `owner`, `repo` **or** `org`, then the fields every alternative shares. */
function config(schema: TSchema): string {
  const properties = Object.keys((schema.properties as Record<string, TSchema> | undefined) ?? {});
  const alternatives = ((schema.oneOf ?? schema.anyOf) as Array<{ required?: string[] }> | undefined)?.map(
    (alternative) => alternative.required ?? [],
  );
  if (alternatives === undefined) return fields(schema) || 'none';
  const inAlternatives = new Set(alternatives.flat());
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const rest = properties
    .filter((name) => !inAlternatives.has(name))
    .map((name) => `\`${name}${required.has(name) ? '' : '?'}\``);
  const choice = alternatives.map((names) => names.map((name) => `\`${name}\``).join(', ')).join(' **or** ');
  return [choice, ...rest].join(', ');
}

function fields(schema: TSchema): string {
  const properties = schema.properties as Record<string, TSchema> | undefined;
  if (properties === undefined) return '';
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  return Object.keys(properties)
    .map((name) => `\`${name}${required.has(name) ? '' : '?'}\``)
    .join(', ');
}

/** Columns padded to their widest cell, as Markdown formatters leave a table. */
function alignedTable(header: string[], rows: string[][]): string {
  const cells = [header, ...rows].map((row) => row.map((text) => text.replace(/\|/g, '\\|')));
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => row[column].length)));
  const line = (row: string[]) => `| ${row.map((text, column) => text.padEnd(widths[column])).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return `${[line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n')}\n`;
}
