/** A path item of an OpenAPI description: its operations by lowercase method, and anything else. */
export type OpenApiPathItem = Record<string, unknown>;

/** The documented operation a request addresses. */
export interface MatchedRoute<Operation, PathItem extends object = OpenApiPathItem> {
  /** The documented path, e.g. `/repos/{owner}/{repo}/issues`. */
  template: string;
  /** Lowercase, as the description keys it. */
  method: string;
  operation: Operation;
  pathItem: PathItem;
  /** The operation's JSON pointer in the description, e.g. `#/paths/~1user/get`. */
  pointer: string;
  /** The path parameters, decoded. */
  params: Record<string, string>;
}

export interface OpenApiRoutesOptions {
  /** Names of a template's parameters that may span segments (GitHub's `x-multi-segment` file paths). */
  spanningSegments?(template: string): ReadonlySet<string>;
}

interface Route {
  template: string;
  pattern: RegExp;
  names: string[];
  /** Literal characters of the template: `/tickets/count` is tried before `/tickets/{ticket_id}`. */
  literal: number;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/**
 * Finds the operation of an OpenAPI description a method and concrete path address, for fidelity
 * tests of emulators and steps: each path template becomes a pattern, the most literal tried first.
 */
export class OpenApiRoutes<Operation = unknown, PathItem extends object = OpenApiPathItem> {
  readonly #routes: Route[];

  constructor(
    private readonly paths: Record<string, PathItem>,
    options: OpenApiRoutesOptions = {},
  ) {
    this.#routes = Object.keys(paths)
      .map((template) => route(template, options.spanningSegments?.(template) ?? new Set()))
      .sort((a, b) => b.literal - a.literal);
  }

  /** The operation for `method` at `path` (no query); undefined when no template has that method. */
  match(method: string, path: string): MatchedRoute<Operation, PathItem> | undefined {
    const lower = method.toLowerCase();
    for (const { template, pattern, names } of this.#routes) {
      const found = pattern.exec(path);
      const pathItem = this.paths[template];
      const operation = (pathItem as Record<string, unknown> | undefined)?.[lower] as Operation | undefined;
      if (found === null || operation === undefined) continue;
      const params = Object.fromEntries(names.map((name, index) => [name, decoded(found[index + 1])]));
      const pointer = `#/paths/${jsonPointerSegment(template)}/${lower}`;
      return { template, method: lower, operation, pathItem, pointer, params };
    }
    return undefined;
  }

  /** The methods documented at a path, to say what would have matched. */
  methodsAt(path: string): string[] {
    const found = this.#routes.find(({ pattern }) => pattern.test(path));
    if (found === undefined) return [];
    return Object.keys(this.paths[found.template])
      .filter((key) => METHODS.has(key))
      .map((key) => key.toUpperCase());
  }
}

/** A key as one segment of a JSON pointer (RFC 6901): `~` and `/` escaped. */
export function jsonPointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function route(template: string, spanning: ReadonlySet<string>): Route {
  const names: string[] = [];
  const source = template.replace(/\{([^}]+)\}|([^{]+)/g, (_whole, name?: string, literal?: string) => {
    if (literal !== undefined) return literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(name as string);
    return spanning.has(name as string) ? '(.+)' : '([^/]+)';
  });
  return {
    template,
    pattern: new RegExp(`^${source}$`),
    names,
    literal: template.replace(/\{[^}]+\}/g, '').length,
  };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
