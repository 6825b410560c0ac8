import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { OpenApiRoutes } from '@toolsteps/emulator';
import type { HttpExchange } from '@toolsteps/engine';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import {
  githubRoutes,
  type MatchedOperation,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  resolvePointer,
} from './github-openapi-routes.js';

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** GitHub's official OpenAPI 3.0 description of api.github.com (npm @octokit/openapi). */
const DOCUMENT_PATH = createRequire(import.meta.url).resolve(
  '@octokit/openapi/generated/api.github.com.json',
);

/** What a check found wrong with one exchange; empty when the exchange matches the description. */
export type Problems = string[];

/**
 * Checks exchanges against GitHub's OpenAPI description: the operation exists for the method and
 * path, path and query parameters match their schemas, the JSON body matches the request schema,
 * and the answer's body matches the response schema for its status. `nullable` is OpenAPI 3.0's,
 * which Ajv understands; formats are checked with ajv-formats.
 */
export class GithubOpenApi {
  readonly #document: OpenApiDocument;
  readonly #ajv: Ajv;
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #routes: OpenApiRoutes<Operation>;

  constructor() {
    this.#document = nullableWithoutType(JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')));
    allowDocumentedNulls(this.#document);
    this.#ajv = new Ajv({ strict: false, allErrors: true, logger: false, coerceTypes: false });
    addFormats(this.#ajv);
    this.#ajv.addSchema(this.#document as object, 'github');
    this.#routes = githubRoutes(this.#document);
  }

  /** The documented operation a method and path (no query) address, with its path parameters. */
  match(method: string, path: string): MatchedOperation | undefined {
    return this.#routes.match(method, path);
  }

  /** Problems with the request of an exchange; sets `operationId` when the operation was found. */
  checkRequest(exchange: HttpExchange): { operationId?: string; problems: Problems } {
    const url = new URL(exchange.path, 'http://api.invalid');
    const matched = this.match(exchange.method, url.pathname);
    if (matched === undefined) {
      return { problems: [`${exchange.method} ${url.pathname} is not a documented operation`] };
    }
    const problems: Problems = [];
    const parameters = (matched.operation.parameters ?? []).map((given, index) =>
      given.$ref
        ? { ...(this.#resolve(given.$ref) as Parameter), pointer: `#${given.$ref.slice(1)}/schema` }
        : { ...given, pointer: `${matched.pointer}/parameters/${index}/schema` },
    );
    for (const parameter of parameters.filter((p) => p.in === 'path')) {
      const type = (parameter.schema as { type?: string } | undefined)?.type;
      const value = coerce(matched.params[parameter.name], type);
      this.#validate(parameter.pointer, value, problems, `path parameter ${parameter.name}`);
    }
    const query = new Map<string, string[]>();
    for (const [name, value] of url.searchParams) query.set(name, [...(query.get(name) ?? []), value]);
    for (const [name, values] of query) {
      const parameter = parameters.find((p) => p.in === 'query' && p.name === name);
      if (parameter === undefined) {
        problems.push(`query parameter ${name} is not documented for ${matched.operation.operationId}`);
        continue;
      }
      const schema = parameter.schema as { type?: string } | undefined;
      const value = schema?.type === 'array' ? values : coerce(values[0], schema?.type);
      this.#validate(parameter.pointer, value, problems, `query parameter ${name}`);
    }
    for (const parameter of parameters.filter((p) => p.in === 'query' && p.required)) {
      if (!query.has(parameter.name)) problems.push(`required query parameter ${parameter.name} is missing`);
    }
    const bodySchema = matched.operation.requestBody?.content?.['application/json']?.schema;
    if (exchange.requestBody !== undefined) {
      if (bodySchema === undefined) problems.push(`${matched.operation.operationId} takes no JSON body`);
      else {
        this.#validate(
          `${matched.pointer}/requestBody/content/application~1json/schema`,
          exchange.requestBody,
          problems,
          'request body',
        );
        problems.push(...this.#undocumentedProperties(bodySchema, exchange.requestBody, matched.operation));
      }
    }
    return { operationId: matched.operation.operationId, problems };
  }

  /** Problems with the answer of an exchange: its status is documented and its JSON body fits. */
  checkResponse(exchange: HttpExchange): Problems {
    const url = new URL(exchange.path, 'http://api.invalid');
    const matched = this.match(exchange.method, url.pathname);
    if (matched === undefined || exchange.status === undefined)
      return ['no documented operation or no answer'];
    const status = String(exchange.status);
    const response = matched.operation.responses[status];
    if (response === undefined)
      return [`status ${status} is not documented for ${matched.operation.operationId}`];
    const resolved = response.$ref ? (this.#resolve(response.$ref) as typeof response) : response;
    const content = resolved.content?.['application/json'];
    if (content?.schema === undefined) {
      // The engine reads an empty body as null.
      return exchange.responseBody === undefined || exchange.responseBody === null
        ? []
        : [`${matched.operation.operationId} ${status} is documented without a JSON body`];
    }
    const problems: Problems = [];
    const pointer = response.$ref
      ? `#${response.$ref.slice(1)}/content/application~1json/schema`
      : `${matched.pointer}/responses/${status}/content/application~1json/schema`;
    this.#validate(pointer, exchange.responseBody, problems, `response ${status}`);
    return problems;
  }

  /**
   * GitHub's request schemas leave out `additionalProperties: false`, so a misspelt field would pass
   * validation (and GitHub would ignore it): a body's top-level names must be documented ones.
   */
  #undocumentedProperties(schema: unknown, body: unknown, operation: Operation): Problems {
    const { $ref } = schema as { $ref?: string };
    const object = ($ref === undefined ? schema : this.#resolve($ref)) as {
      properties?: Record<string, unknown>;
      additionalProperties?: unknown;
    };
    const documented = object.properties;
    if (documented === undefined || object.additionalProperties !== undefined) return [];
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
    return Object.keys(body)
      .filter((name) => !Object.hasOwn(documented, name))
      .map((name) => `request body property ${name} is not documented for ${operation.operationId}`);
  }

  #resolve(ref: string): unknown {
    return resolvePointer(this.#document, ref);
  }

  #validate(pointer: string, value: unknown, problems: Problems, what: string): void {
    let validate = this.#validators.get(pointer);
    if (validate === undefined) {
      validate = this.#ajv.compile({ $ref: `github${pointer}` });
      this.#validators.set(pointer, validate);
    }
    if (!validate(value)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map((error) => `${error.instancePath || '/'} ${error.message}`);
      problems.push(`${what} ${JSON.stringify(value)?.slice(0, 80)}: ${errors.join('; ')}`);
    }
  }
}

function coerce(value: string, type: string | undefined): unknown {
  if (type === 'integer' || type === 'number') return Number.isNaN(Number(value)) ? value : Number(value);
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/**
 * OpenAPI 3.0 allows `nullable: true` beside `allOf`/`anyOf` with no `type`, which Ajv refuses:
 * such a schema becomes "that schema, or null", which is what the description means.
 */
function nullableWithoutType<T>(node: T): T {
  if (Array.isArray(node)) return node.map(nullableWithoutType) as T;
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) copy[key] = nullableWithoutType(value);
  if (copy.nullable === true && copy.type === undefined) {
    const { nullable: _nullable, ...rest } = copy;
    return { anyOf: [rest, { type: 'null' }] } as T;
  }
  // GitHub writes `oneOf` for "one of these shapes" even where the shapes overlap (two error bodies
  // with no required field match any error): read as JSON Schema it would refuse every answer.
  if (Array.isArray(copy.oneOf)) {
    const { oneOf, ...rest } = copy;
    return { ...rest, anyOf: oneOf } as T;
  }
  // OpenAPI 3.0 reads `nullable` with `enum` as "one of these, or null"; JSON Schema needs null listed.
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) {
    copy.enum = [...copy.enum, null];
  }
  return copy as T;
}

/**
 * Where the description's words allow null and its schema forgets to: "To delete a file, set the
 * whole file to null" (gists/update). The schema is made to say what the text says.
 */
function allowDocumentedNulls(document: { paths: Record<string, Record<string, Operation>> }): void {
  const files = (
    document.paths['/gists/{gist_id}']?.patch?.requestBody?.content?.['application/json']?.schema as {
      properties?: { files?: { additionalProperties?: Record<string, unknown> } };
    }
  )?.properties?.files;
  if (files?.additionalProperties) files.additionalProperties.nullable = true;
}
