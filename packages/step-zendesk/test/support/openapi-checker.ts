import type { OpenApiRoutes } from '@toolsteps/emulator';
import type { HttpExchange } from '@toolsteps/engine';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { applyAllowances, bodyUndocumented, withoutJsonSuffix } from './openapi-allowances.js';
import {
  dereference,
  type MediaTypes,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type PathItem,
  zendeskOpenApiDocument,
} from './openapi-document.js';
import { toJsonSchema } from './openapi-json-schema.js';
import { requestFieldProblems } from './openapi-request-fields.js';
import { type MatchedOperation, zendeskRoutes } from './openapi-routes.js';
import { describeErrors } from './openapi-violations.js';

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** What a check found wrong; empty when the exchange matches Zendesk's description. */
export type Problems = string[];

export interface CheckedRequest {
  /** The documented operation, when one was found. */
  operationId?: string;
  problems: Problems;
  /** What the description gives nothing to check against (`undocumented-request-bodies`). */
  unchecked?: string[];
}

/**
 * Checks requests and answers against Zendesk's official OpenAPI description of the Support API,
 * the way `GithubOpenApi` does for GitHub: the operation exists for the method and path, integer
 * path parameters are integers, required query parameters are there, the JSON body fits the request
 * schema and names only documented, writable fields, and an answer's body fits the response schema
 * of its status. Where the description is known to be wrong, `openapi-allowances.ts` says so.
 */
export class ZendeskOpenApi {
  readonly #raw: OpenApiDocument;
  readonly #ajv: Ajv;
  readonly #routes: OpenApiRoutes<Operation, PathItem>;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor() {
    this.#raw = applyAllowances(structuredClone(zendeskOpenApiDocument()));
    const converted = toJsonSchema({ paths: this.#raw.paths, components: this.#raw.components });
    // verbose: each error carries the value it is about, so a violation can say what came.
    this.#ajv = new Ajv({ strict: false, allErrors: true, verbose: true, logger: false });
    addFormats(this.#ajv);
    this.#ajv.addSchema(converted as object, 'zendesk');
    this.#routes = zendeskRoutes(this.#raw);
  }

  /** The documented operation a method and path (a query is ignored) address, with its path parameters. */
  match(method: string, path: string): MatchedOperation | undefined {
    const pathname = path.split('?')[0];
    // Without the suffix first: `{ticket_id}` would otherwise take `35436.json` whole.
    return this.#routes.match(method, withoutJsonSuffix(pathname)) ?? this.#routes.match(method, pathname);
  }

  /** Problems with a request; `operationId` is set when the operation was found. */
  checkRequest(method: string, path: string, body?: unknown): CheckedRequest {
    const matched = this.match(method, path);
    if (matched === undefined) return { problems: [this.#unknownOperation(method, path)] };
    const { operation, pointer } = matched;
    const problems = this.#parameterProblems(matched, new URLSearchParams(path.split('?')[1] ?? ''));
    const requestBody = dereference(this.#raw, operation.requestBody);
    const schema = requestBody?.content?.['application/json']?.schema;
    if (body === undefined) {
      if (schema !== undefined && requestBody?.required === true)
        problems.push(`${operation.operationId} needs a JSON body`);
    } else if (schema === undefined) {
      if (!bodyUndocumented(matched.method)) problems.push(`${operation.operationId} takes no JSON body`);
      else
        return {
          operationId: operation.operationId,
          problems,
          unchecked: [`${operation.operationId}'s body`],
        };
    } else {
      const at = operation.requestBody?.$ref
        ? `#${operation.requestBody.$ref.slice(1)}`
        : `${pointer}/requestBody`;
      problems.push(...this.#validate(`${at}/content/application~1json/schema`, body, 'request body'));
      problems.push(
        ...requestFieldProblems(this.#raw, schema, body).map((problem) => `request body ${problem}`),
      );
    }
    return { operationId: operation.operationId, problems };
  }

  /** Problems with an answer: its status is documented for the operation and its JSON body fits. */
  checkAnswer(method: string, path: string, status: number, body?: unknown): Problems {
    const matched = this.match(method, path);
    if (matched === undefined) return [this.#unknownOperation(method, path)];
    const { operation, pointer } = matched;
    const given = operation.responses[String(status)] ?? operation.responses.default;
    if (given === undefined) {
      const documented = Object.keys(operation.responses).join(', ');
      return [`status ${status} is not documented for ${operation.operationId} (documented: ${documented})`];
    }
    const response = dereference<MediaTypes>(this.#raw, given);
    const key = operation.responses[String(status)] ? String(status) : 'default';
    if (response.content?.['application/json']?.schema === undefined) {
      // The engine reads an empty body as null.
      return body === undefined || body === null || body === ''
        ? []
        : [`${operation.operationId} ${status} is documented without a JSON body`];
    }
    const at = given.$ref ? `#${given.$ref.slice(1)}` : `${pointer}/responses/${key}`;
    return this.#validate(`${at}/content/application~1json/schema`, body, `answer ${status}`);
  }

  /** Both checks over one exchange the engine recorded (`testStep(...).exchanges`). */
  checkExchange(exchange: HttpExchange): CheckedRequest {
    const request = this.checkRequest(exchange.method, exchange.path, exchange.requestBody);
    if (request.operationId === undefined || exchange.status === undefined) return request;
    const answer = this.checkAnswer(exchange.method, exchange.path, exchange.status, exchange.responseBody);
    return { ...request, problems: [...request.problems, ...answer] };
  }

  #unknownOperation(method: string, path: string): string {
    const pathname = path.split('?')[0];
    const there = this.#routes.methodsAt(pathname);
    const hint = there.length > 0 ? ` (documented there: ${there.join(', ')})` : '';
    return `${method.toUpperCase()} ${pathname} is not a documented operation${hint}`;
  }

  #parameterProblems(matched: MatchedOperation, query: URLSearchParams): Problems {
    const parameters = [...(matched.pathItem.parameters ?? []), ...(matched.operation.parameters ?? [])].map(
      (parameter) => dereference<Parameter>(this.#raw, parameter),
    );
    const problems: Problems = [];
    for (const parameter of parameters) {
      const type = (parameter.schema as { type?: string } | undefined)?.type;
      const value = matched.params[parameter.name];
      if (parameter.in === 'path' && type === 'integer' && value !== undefined && !/^\d+$/.test(value))
        problems.push(`path parameter ${parameter.name} must be an integer, not ${JSON.stringify(value)}`);
      if (parameter.in === 'query' && parameter.required === true && !query.has(parameter.name))
        problems.push(`required query parameter ${parameter.name} is missing`);
    }
    return problems;
  }

  #validate(pointer: string, value: unknown, what: string): Problems {
    let validate = this.#validators.get(pointer);
    if (validate === undefined) {
      validate = this.#ajv.compile({ $ref: `zendesk${pointer}` });
      this.#validators.set(pointer, validate);
    }
    return validate(value) ? [] : describeErrors(what, validate.errors ?? []);
  }
}

let shared: ZendeskOpenApi | undefined;

/** One checker per test process: converting and compiling the description is the slow part. */
export function zendeskOpenApi(): ZendeskOpenApi {
  shared ??= new ZendeskOpenApi();
  return shared;
}
