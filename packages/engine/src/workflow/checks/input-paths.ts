import { didYouMean, listOf } from '@toolsteps/sdk/schema';
import { expressionFacts, type VariablePath } from '../../expressions/expression-facts.js';
import type { Problem } from '../diagnostic.js';
import { type CheckInput, wasRefused } from './each-step.js';
import { followSchemaPath, noFieldsIn, type PathBroken, type PathFound } from './schema-path.js';

/**
 * Each did-you-mean scans the names the schema declares there: past this many, a problem is still
 * reported, just without a suggestion, so a file full of typos stays linear to check.
 */
const SUGGESTIONS = 200;

/** Declared names a hint lists. */
const SHOWN_NAMES = 10;

/**
 * Every `$input.a.b` an expression reads (args, `if`, forEach items, `assign`, catch handlers,
 * `output`) is a path the workflow's `input` schema declares: a misspelt field would otherwise
 * quietly read nothing at run time. Where the schema declares properties, they are what a run can
 * rely on; where it declares none, or lets any other name in (`additionalProperties`), the check stops.
 */
export function checkInputPaths({ workflow, expressions, refused }: CheckInput): Problem[] {
  const schema = workflow.input;
  if (schema === undefined || wasRefused(refused, '/input')) return [];
  const problems: Problem[] = [];
  // Generated workflows read the same few paths in many places: each is followed once.
  const followed = new Map<string, PathFound | PathBroken>();
  let suggestionsLeft = SUGGESTIONS;
  for (const [pointer, expression] of expressions) {
    const facts = expressionFacts(expression);
    // An expression that binds `$input` itself reads its own value, not the run input.
    if (facts.bound.has('input')) continue;
    // One problem per path an expression reads, however often it reads it.
    const reported = new Set<string>();
    for (const path of facts.variablePaths) {
      if (path.variable !== 'input' || path.fields.length === 0) continue;
      const names = path.fields.map((field) => field.name);
      const key = JSON.stringify(names);
      if (reported.has(key)) continue;
      let found = followed.get(key);
      if (found === undefined) {
        found = followSchemaPath(schema, names);
        followed.set(key, found);
      }
      if (found.ok) continue;
      reported.add(key);
      suggestionsLeft -= 1;
      problems.push(pathProblem(path, found, pointer, suggestionsLeft >= 0));
    }
  }
  return problems;
}

function pathProblem(path: VariablePath, found: PathBroken, pointer: string, suggest: boolean): Problem {
  const field = path.fields[found.index];
  const parent = ['$input', ...path.fields.slice(0, found.index).map((each) => each.name)].join('.');
  const at = { code: 'unknown-input-path' as const, pointer, offset: field.offset };
  if (found.scalar !== undefined)
    return { ...at, message: noFieldsIn(parent, found.scalar, found.inList, field.name) };
  const suggestion = suggest ? didYouMean(field.name, found.known) : '';
  const declared =
    found.known.length === 0 ? '' : `the schema declares ${namesOf(found.known)} in ${parent}; `;
  return {
    ...at,
    message: `${parent} has no "${field.name}" in the workflow's input schema${suggestion}`,
    hint: `${declared}add "${field.name}" to its "properties" if the run input has it`,
  };
}

/** `"a", "b" and 3 more`: enough to spot the name meant, never the whole of a large schema. */
function namesOf(known: readonly string[]): string {
  const shown = known.slice(0, SHOWN_NAMES).map((name) => JSON.stringify(name));
  const more = known.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : listOf(shown, 'and');
}
