import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** Zendesk's official OpenAPI 3.0.3 description of the Support API, as the team keeps a copy of it. */
export const ZENDESK_OPENAPI_PATH = '/work/shared/spec/zendesk-support-openapi.yaml';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: unknown;
  $ref?: string;
}

export interface MediaTypes {
  content?: Record<string, { schema?: unknown }>;
  $ref?: string;
}

export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: MediaTypes & { required?: boolean };
  responses: Record<string, MediaTypes>;
}

/** A path item: its operations by lowercase method, and parameters shared by them. */
export type PathItem = Record<string, Operation> & { parameters?: Parameter[] };

export interface OpenApiDocument {
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
}

let parsed: OpenApiDocument | undefined;

/** The description parsed once per test process: the YAML is a megabyte, slow to read on every check. */
export function zendeskOpenApiDocument(): OpenApiDocument {
  parsed ??= parse(readFileSync(ZENDESK_OPENAPI_PATH, 'utf8'), { maxAliasCount: -1 }) as OpenApiDocument;
  return parsed;
}

/** What a local `$ref` (`#/components/schemas/Ticket`) points at in the document. */
export function resolvePointer(document: OpenApiDocument, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) =>
        (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    );
}

/** The thing itself when it is a `$ref`, followed as many times as it takes. */
export function dereference<T>(document: OpenApiDocument, node: T): T {
  let current: unknown = node;
  for (let hops = 0; hops < 20; hops += 1) {
    const ref = (current as { $ref?: unknown } | undefined)?.$ref;
    if (typeof ref !== 'string') return current as T;
    current = resolvePointer(document, ref);
  }
  throw new Error(`A $ref chain in the Zendesk description does not end: ${JSON.stringify(node)}`);
}
