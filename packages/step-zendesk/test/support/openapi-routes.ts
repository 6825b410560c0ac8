import { type OpenApiDocument, type Operation, type PathItem, pointerSegment } from './openapi-document.js';

export interface MatchedOperation {
  /** The documented path, e.g. `/api/v2/tickets/{ticket_id}`. */
  template: string;
  method: string;
  operation: Operation;
  pathItem: PathItem;
  /** The operation's JSON pointer in the document, e.g. `#/paths/~1api~1v2~1tickets/post`. */
  pointer: string;
  params: Record<string, string>;
}

interface Route {
  template: string;
  pattern: RegExp;
  names: string[];
  /** Literal characters of the template: `/tickets/count` is tried before `/tickets/{ticket_id}`. */
  literal: number;
}

/** Finds the documented operation a method and concrete path address. */
export class OpenApiRoutes {
  readonly #routes: Route[];

  constructor(private readonly document: OpenApiDocument) {
    this.#routes = Object.keys(document.paths)
      .map(route)
      .sort((a, b) => b.literal - a.literal);
  }

  /** The operation for `method` at `path` (no query); undefined when no template has that method. */
  match(method: string, path: string): MatchedOperation | undefined {
    const lower = method.toLowerCase();
    for (const { template, pattern, names } of this.#routes) {
      const found = pattern.exec(path);
      const pathItem = this.document.paths[template];
      const operation = pathItem?.[lower] as Operation | undefined;
      if (found === null || operation === undefined) continue;
      const params = Object.fromEntries(names.map((name, index) => [name, decode(found[index + 1])]));
      const pointer = `#/paths/${pointerSegment(template)}/${lower}`;
      return { template, method: lower, operation, pathItem, pointer, params };
    }
    return undefined;
  }

  /** The methods documented at a path, to say what would have matched. */
  methodsAt(path: string): string[] {
    const found = this.#routes.find(({ pattern }) => pattern.test(path));
    if (found === undefined) return [];
    return Object.keys(this.document.paths[found.template])
      .filter((key) => METHODS.has(key))
      .map((key) => key.toUpperCase());
  }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

function route(template: string): Route {
  const names: string[] = [];
  // A parameter is one segment, or part of one (`/api/v2/{resource}.json` has none, but some do).
  const source = template.replace(/\{([^}]+)\}|([^{]+)/g, (_whole, name?: string, literal?: string) => {
    if (literal !== undefined) return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name as string);
    return '([^/]+)';
  });
  return {
    template,
    pattern: new RegExp(`^${source}$`),
    names,
    literal: template.replace(/\{[^}]+\}/g, '').length,
  };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
