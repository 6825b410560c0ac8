import { type MatchedRoute, OpenApiRoutes } from '@toolsteps/emulator';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: unknown;
  $ref?: string;
}

export interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
}

/** A GitHub operation a request addresses. */
export type MatchedOperation = MatchedRoute<Operation>;

/** The test kit's route matcher, with GitHub's `x-multi-segment` parameters (a file path, `heads/main`) spanning segments. */
export function githubRoutes(document: OpenApiDocument): OpenApiRoutes<Operation> {
  return new OpenApiRoutes<Operation>(document.paths, {
    spanningSegments: (template) => {
      const names = new Set<string>();
      for (const operation of Object.values(document.paths[template] ?? {})) {
        for (const given of operation.parameters ?? []) {
          const parameter = (given.$ref ? resolvePointer(document, given.$ref) : given) as Parameter & {
            'x-multi-segment'?: boolean;
          };
          if (parameter['x-multi-segment']) names.add(parameter.name);
        }
      }
      return names;
    },
  });
}

/** What a `#/components/...` reference points at in the document. */
export function resolvePointer(document: OpenApiDocument, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    );
}
