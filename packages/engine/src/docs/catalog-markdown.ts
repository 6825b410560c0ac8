import type { TSchema } from '@toolsteps/sdk';
import type { CatalogEntry } from '../ports/services.js';

/**
 * A Markdown table of steps (id, effect, inputs, outputs) straight from their schemas, so a package
 * README cannot drift from the code: `toolsteps steps --markdown`, and a test compares the two.
 * Inputs show `name` when required and `name?` when optional; alternatives (anyOf) are joined by "or".
 */
export function catalogMarkdown(entries: readonly CatalogEntry[]): string {
  const rows = entries.map((entry) => [
    `\`${entry.id}\``,
    entry.status === 'unavailable' ? `not available: ${entry.unavailableReason ?? ''}`.trim() : entry.effect,
    fields(entry.input),
    fields(entry.output),
  ]);
  return alignedTable(['step', 'effect', 'input', 'output'], rows);
}

/** Columns padded to their widest cell, as Markdown formatters (Biome, Prettier) leave a table. */
function alignedTable(header: string[], rows: string[][]): string {
  const cells = [header, ...rows].map((row) => row.map(cell));
  const widths = header.map((_, column) => Math.max(3, ...cells.map((row) => row[column].length)));
  const line = (row: string[]) => `| ${row.map((text, column) => text.padEnd(widths[column])).join(' | ')} |`;
  const rule = `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`;
  return `${[line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n')}\n`;
}

function fields(schema: TSchema): string {
  const alternatives = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined;
  if (alternatives) return alternatives.map(fields).join(' **or** ');
  if (schema.type === 'array') return `list of ${fields(schema.items as TSchema)}`;
  const properties = schema.properties as Record<string, TSchema> | undefined;
  if (properties === undefined) return schema.type === undefined ? 'any JSON' : String(schema.type);
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  return Object.keys(properties)
    .map((name) => `\`${name}${required.has(name) ? '' : '?'}\``)
    .join(', ');
}

/** Pipes would end a table cell. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
