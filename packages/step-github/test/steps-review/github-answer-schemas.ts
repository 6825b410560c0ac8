import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** GitHub's documented answers (npm @octokit/openapi), and where a schema of ours refuses one they allow. */

export type Schema = Record<string, any>;

const DOCUMENT: Schema = JSON.parse(
  readFileSync(
    createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'),
    'utf8',
  ),
);

/** Follows `$ref`s to the schema they name, and merges an `allOf` into one object schema. */
export function resolved(schema: Schema): Schema {
  let current = schema;
  while (current?.$ref !== undefined) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Schema, key: string) => node[key], DOCUMENT);
  }
  if (current?.allOf === undefined) return current ?? {};
  const parts: Schema[] = current.allOf.map(resolved);
  return {
    type: 'object',
    nullable: current.nullable,
    properties: Object.assign({}, ...parts.map((one) => one.properties ?? {})),
    required: parts.flatMap((one) => one.required ?? []),
  };
}

/** The documented answer of an operation, e.g. `response('post', '/gists', 201)`. */
export function response(method: string, path: string, status: number): Schema {
  const answer = resolved(DOCUMENT.paths[path][method].responses[String(status)]);
  return resolved(answer.content['application/json'].schema);
}

export const component = (name: string): Schema => resolved({ $ref: `#/components/schemas/${name}` });

/** A part of a schema: `commits[]` is the items of property commits, `[]` the items of an array. */
export function part(schema: Schema, where: string): Schema {
  return where
    .split('.')
    .filter((step) => step !== '')
    .reduce((node, step) => {
      const name = step.replace(/\[\]$/, '');
      const property = name === '' ? node : resolved(resolved(node).properties[name]);
      return step.endsWith('[]') ? resolved(property.items) : property;
    }, schema);
}

export const typeOf = (schema: Schema): string | undefined =>
  schema.type ?? (schema.properties !== undefined ? 'object' : undefined);

/** Our branch that takes what GitHub sends as `type` (an integer fits a number, not the reverse). */
function branchFor(ours: Schema, type: string | undefined): Schema | undefined {
  const branches: Schema[] = ours.anyOf ?? [ours];
  if (branches.some((branch) => typeOf(branch) === undefined && branch.const === undefined)) return {};
  return branches.find(
    (branch) => typeOf(branch) === type || (typeOf(branch) === 'number' && type === 'integer'),
  );
}

export const acceptsNull = (ours: Schema): boolean =>
  (ours.anyOf ?? [ours]).some((branch: Schema) => branch.type === 'null' || typeOf(branch) === undefined);

/**
 * Where our output schema refuses something GitHub's description allows: a property we require
 * that GitHub may leave out, a null GitHub may send, or another type. Properties GitHub does not
 * describe (the step's own additions) are not compared.
 */
export function stricterThan(ours: Schema, theirs: Schema, at: string, problems: string[]): void {
  const documented = resolved(theirs);
  const alternatives = documented.oneOf ?? documented.anyOf;
  if (documented.nullable === true && !acceptsNull(ours)) problems.push(`${at}: GitHub may send null`);
  if (alternatives !== undefined) {
    for (const alternative of alternatives) stricterThan(ours, alternative, at, problems);
    return;
  }
  if (typeOf(documented) === undefined) return;
  const mine = branchFor(ours, typeOf(documented));
  if (mine === undefined) {
    problems.push(`${at}: GitHub sends ${typeOf(documented)}`);
    return;
  }
  if (typeOf(mine) === 'object') {
    const properties: Schema = documented.properties ?? {};
    for (const [name, schema] of Object.entries<Schema>(mine.properties ?? {})) {
      if (properties[name] === undefined) continue;
      if (mine.required?.includes(name) && !documented.required?.includes(name)) {
        problems.push(`${at}.${name}: GitHub may leave it out`);
      }
      stricterThan(schema, properties[name], `${at}.${name}`, problems);
    }
    const values = Object.values<Schema>(mine.patternProperties ?? {})[0];
    if (values !== undefined && typeof documented.additionalProperties === 'object') {
      stricterThan(values, documented.additionalProperties, `${at}.*`, problems);
    }
  }
  if (typeOf(mine) === 'array' && documented.items !== undefined) {
    stricterThan(mine.items, documented.items, `${at}[]`, problems);
  }
}
