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

export interface MatchedOperation {
  template: string;
  method: string;
  operation: Operation;
  /** The operation's JSON pointer in the document, e.g. `#/paths/~1user/get`. */
  pointer: string;
  params: Record<string, string>;
}

interface Route {
  template: string;
  pattern: RegExp;
  names: string[];
  /** How many literal characters the template has: the most literal template wins a tie. */
  literal: number;
}

/**
 * Finds the documented operation a method and path address: each path template becomes a pattern,
 * tried from the most literal (`/repos/{owner}/{repo}/issues` before `/repos/{owner}/{repo}/{x}`).
 */
export class OpenApiRoutes {
  readonly #routes: Route[];

  constructor(private readonly document: OpenApiDocument) {
    this.#routes = Object.keys(document.paths)
      .map((template) => this.#route(template))
      .sort((a, b) => b.literal - a.literal);
  }

  match(method: string, path: string): MatchedOperation | undefined {
    const lower = method.toLowerCase();
    for (const { template, pattern, names } of this.#routes) {
      const found = pattern.exec(path);
      const operation = this.document.paths[template]?.[lower];
      if (found === null || operation === undefined) continue;
      const params = Object.fromEntries(
        names.map((name, index) => [name, decodeURIComponent(found[index + 1])]),
      );
      const pointer = `#/paths/${pointerSegment(template)}/${lower}`;
      return { template, method: lower, operation, pointer, params };
    }
    return undefined;
  }

  #route(template: string): Route {
    const names: string[] = [];
    const multiSegment = this.#multiSegmentNames(template);
    const source = template
      .split('/')
      .map((part) =>
        part.replace(
          /\{([^}]+)\}|([^{]+)/g,
          (_whole, name: string | undefined, literal: string | undefined) => {
            if (literal !== undefined) return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(name as string);
            // Only parameters marked x-multi-segment (a file path, `heads/main`) span segments.
            return multiSegment.has(name as string) ? '(.+)' : '([^/]+)';
          },
        ),
      )
      .join('/');
    return {
      template,
      pattern: new RegExp(`^${source}$`),
      names,
      literal: template.replace(/\{[^}]+\}/g, '').length,
    };
  }

  #multiSegmentNames(template: string): Set<string> {
    const names = new Set<string>();
    for (const operation of Object.values(this.document.paths[template] ?? {})) {
      for (const given of operation.parameters ?? []) {
        const parameter = (given.$ref ? resolvePointer(this.document, given.$ref) : given) as Parameter & {
          'x-multi-segment'?: boolean;
        };
        if (parameter['x-multi-segment']) names.add(parameter.name);
      }
    }
    return names;
  }
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

function pointerSegment(template: string): string {
  return template.replace(/~/g, '~0').replace(/\//g, '~1');
}
