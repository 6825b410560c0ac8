import type { CatalogEntry } from '../ports/services.js';
import type { JsonSchema } from '../workflow/published-schema.js';
import { isSchema } from './self-contained-schema.js';

/** How many of a result's fields the description names before "and N more". */
const NAMED_FIELDS = 8;

/**
 * What a model reads to choose a tool: what the step does and when to use it (its own description,
 * which the step packages write for that), how to give its arguments when they are alternatives,
 * what calling it changes, and what it returns. HTTP routes in parentheses (`(GET /repos/…)`) are
 * left out: they tell a person reading the catalog what is sent, and a model calls the tool, not
 * the route.
 */
export function toolDescription(entry: CatalogEntry, output: JsonSchema, alternatives?: string): string {
  return [withoutRoutes(entry.description), alternatives, effectSentence(entry), returnsSentence(output)]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
}

function withoutRoutes(text: string): string {
  return text.replace(/\s*\((?:GET|POST|PUT|PATCH|DELETE) \/[^)]*\)/g, '').trim();
}

function effectSentence(entry: CatalogEntry): string {
  if (entry.effect === 'read') return 'Read-only: it changes nothing';
  const what =
    entry.effect === 'delete'
      ? `Deletes data in ${entry.integrationTitle}`
      : `Changes data in ${entry.integrationTitle}`;
  return entry.idempotent ? `${what}; the same call again changes nothing more` : what;
}

/** `Returns number, title, state, html_url … and 9 more fields`, from the output schema. */
function returnsSentence(output: JsonSchema): string | undefined {
  if (typeof output.description === 'string' && output.description !== '')
    return `Returns ${lowerFirst(output.description)}`;
  if (output.type === 'array') {
    const items = isSchema(output.items) ? fieldList(output.items) : undefined;
    return items === undefined ? 'Returns a list' : `Returns a list of objects with ${items}`;
  }
  const fields = fieldList(output);
  return fields === undefined ? undefined : `Returns ${fields}`;
}

function fieldList(schema: JsonSchema): string | undefined {
  const names = isSchema(schema.properties) ? Object.keys(schema.properties) : [];
  if (names.length === 0) return undefined;
  const named = names.slice(0, NAMED_FIELDS).join(', ');
  const more = names.length - NAMED_FIELDS;
  return more > 0 ? `${named} and ${more} more field${more === 1 ? '' : 's'}` : named;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text[0].toLowerCase() + text.slice(1) : text;
}
