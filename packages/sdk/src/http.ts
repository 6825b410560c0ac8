import { type TSchema, Type } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | ReadonlyArray<string | number | boolean>;

/** A request a step makes. It names a path under the account's base URL, never a host. */
export interface HttpRequest {
  method?: HttpMethod;
  /** Relative to the base URL; may carry a query string. Absolute URLs and `..` escapes are refused. */
  path: string;
  /** One of the binding's named `endpoints` to resolve `path` against instead of the base URL. */
  endpoint?: string;
  /** Added to the query string; undefined and null values are left out, arrays repeat the key. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  /** A raw body, for the rare API that wants one: text, or bytes (an upload) sent exactly as given. */
  body?: string | Uint8Array;
  /**
   * A write the API makes safe to repeat (an idempotent PUT, a request with an idempotency key).
   * GET and HEAD are always safe; other methods retry only in `read` steps or when this is true.
   */
  retrySafe?: boolean;
  /**
   * In a metered step: the most credits the provider may charge for this request, when less than
   * the step's worst case (one batch of a bulk call). A try whose outcome is unknown (a 5xx, a
   * timeout after it was sent) is counted at this, estimated; default the step's worst case.
   */
  worstCaseCredits?: number;
  /** Passed to the integration's auth `value` function, for APIs whose header differs per operation. */
  authParams?: Record<string, string>;
  /** Statuses the step handles itself: they resolve instead of throwing (e.g. 404 meaning "no match"). */
  acceptStatus?: number[];
  /**
   * How to read the body; `json` falls back to text when the body is not JSON. Default `json`.
   * `binary` reads JSON and text answers as `json` does, and any other (an image, a PDF, a file) as a
   * `Uint8Array` of its exact bytes, which text decoding would alter.
   */
  responseType?: 'json' | 'text' | 'binary';
  /**
   * A schema (TypeBox) of the parts of a 2xx answer's body the step reads, e.g.
   * `Type.Object({ user: Type.Object({ login: Type.String() }) })`. An answer without them fails
   * `upstream` naming the endpoint and the field (`GET /repos/o/r/issues/1 … /user is missing`)
   * instead of a TypeError in the step. Describe only what is read, never stricter than the API
   * documents (a field it may leave out or null must allow that). Compiled once per schema object.
   */
  expect?: TSchema;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  body: T;
}

/** An answer as a step's output: what every integration's generic API Call step returns. */
export const HttpResponseSchema = Type.Object({
  status: Type.Integer(),
  headers: Type.Record(Type.String(), Type.String()),
  body: Type.Unknown(),
});

/** The HTTP client a step receives: bound to one connected account, its auth, limits and retries. */
export interface HttpClient {
  request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>>;
  get<T = unknown>(path: string, query?: HttpRequest['query']): Promise<HttpResponse<T>>;
}

/** One request and its answer, as the test kit and traces record it (secrets redacted). */
export interface HttpExchange {
  method: HttpMethod;
  /** Path and query, relative to the base URL. */
  path: string;
  requestHeaders: Record<string, string>;
  requestBody?: unknown;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: unknown;
  /** Set when no response came (dropped connection, timeout). */
  error?: string;
  attempt: number;
  durationMs: number;
}
