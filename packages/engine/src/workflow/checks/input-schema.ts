import { compileForRe2, escapePointer, expandedSchemaSize, sharedAjv } from '@toolsteps/sdk/schema';
import type { Problem } from '../diagnostic.js';
import { type CheckInput, wasRefused } from './each-step.js';

/**
 * Subschemas one value of the run input may be checked against, `$ref`s followed. Real input
 * schemas have tens; a few `$defs` that each use the previous one twice reach millions, and every
 * failure among them is collected.
 */
export const MAX_INPUT_SCHEMA_SIZE = 10_000;

/** Values, not subschemas: a `pattern` key inside them is data. */
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

/** Keywords whose targets cannot be read from the schema alone: what they cost is unknown. */
const UNBOUNDED_KEYWORDS = new Set(['$dynamicRef', '$recursiveRef']);

/**
 * The workflow's `input` schema checks untrusted run input, so it must be cheap to apply: every
 * pattern runs on RE2, refs point inside it and never back at themselves, and it stays small once
 * its refs are followed. Then it must compile.
 */
export function checkInputSchema({ workflow, refused }: CheckInput): Problem[] {
  const schema = workflow.input;
  if (schema === undefined || wasRefused(refused, '/input')) return [];
  const problem = (pointer: string, message: string, at?: 'key'): Problem => ({
    code: 'input-schema',
    pointer: `/input${pointer}`,
    message,
    ...(at ? { at } : {}),
  });
  const keywords = keywordProblems(schema);
  if (keywords.length > 0) return keywords.map(({ pointer, message, at }) => problem(pointer, message, at));
  const measured = expandedSchemaSize(schema, MAX_INPUT_SCHEMA_SIZE, 'refuse');
  if ('unbounded' in measured) return [problem(measured.unbounded.pointer, measured.unbounded.reason)];
  if (measured.size > MAX_INPUT_SCHEMA_SIZE) {
    return [
      problem(
        '',
        `the input schema grows past ${MAX_INPUT_SCHEMA_SIZE} subschemas once its "$ref"s are followed; checking run input against it would take too long`,
      ),
    ];
  }
  try {
    sharedAjv({ allErrors: false, unsupportedPatterns: 'throw' }).compile(schema);
  } catch (error) {
    return [problem('', `the input schema is not a valid JSON Schema: ${(error as Error).message}`)];
  }
  return [];
}

interface KeywordProblem {
  pointer: string;
  message: string;
  at?: 'key';
}

/** Patterns RE2 refuses and keywords that cannot be bounded, in the order they stand in the schema. */
function keywordProblems(schema: object): KeywordProblem[] {
  const problems: KeywordProblem[] = [];
  const pending: Array<[unknown, string]> = [[schema, '']];
  while (pending.length > 0) {
    const [node, pointer] = pending.pop() as [unknown, string];
    if (node === null || typeof node !== 'object') continue;
    const children: Array<[unknown, string]> = [];
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (Array.isArray(node)) children.push([value, at]);
      else if (key === 'pattern' && typeof value === 'string') {
        const refusal = re2Refusal(value);
        if (refusal) problems.push({ pointer: at, message: refusal });
      } else if (key === 'patternProperties' && value !== null && typeof value === 'object') {
        for (const name of Object.keys(value)) {
          const refusal = re2Refusal(name);
          if (refusal)
            problems.push({ pointer: `${at}/${escapePointer(name)}`, message: refusal, at: 'key' });
        }
        children.push([value, at]);
      } else if (UNBOUNDED_KEYWORDS.has(key) || (key === '$id' && pointer !== '')) {
        problems.push({
          pointer: at,
          message: `"${key}" is not supported in a workflow's input schema: refer to "#/$defs/…" with "$ref" instead`,
        });
      } else if (!DATA_KEYWORDS.has(key)) children.push([value, at]);
    }
    for (let index = children.length - 1; index >= 0; index--) pending.push(children[index]);
  }
  return problems;
}

function re2Refusal(pattern: string): string | undefined {
  try {
    compileForRe2(new RegExp(pattern, 'u'));
    return undefined;
  } catch (error) {
    // What RE2 lacks, without the message's words about expressions.
    const reason = (error as Error).message
      .replace(/^The regular expression \/.*\/ uses /s, 'it uses ')
      .replace(/: expressions run regexes on RE2.*$/s, '');
    return `the pattern ${JSON.stringify(pattern)} cannot check run input: ${reason}; run input is checked on RE2, which matches in linear time and has no backreferences or lookaround`;
  }
}
