import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { controlTokenRefusal, isControlPath, newControlToken } from './emulator-control-token.js';
import { PendingDelays } from './emulator-delays.js';
import { EmulatorFaults, type FaultSpec } from './emulator-faults.js';
import { browserRefusal } from './emulator-request-guard.js';
import { type RecordedRequest, recordRequest } from './emulator-request-log.js';
import { HostAllowList } from './loopback-host.js';

export type { Context } from 'hono';
/** For emulators that mount one API app under several prefixes. */
export { Hono } from 'hono';
export type { EmulatorFaults, FaultSpec, InjectedFault } from './emulator-faults.js';
export type { RecordedRequest } from './emulator-request-log.js';
export { allowedHostnames, HostAllowList, isLoopbackHostname } from './loopback-host.js';
export { webhookDestinationRefusal } from './webhook-destination.js';

/** What an auth check decides: `true` lets the request through, `false` answers 401, a Response answers itself. */
export type AuthorizeResult = boolean | Response;

export interface EmulatorOptions {
  /**
   * Registers the API's routes on a Hono app (`app.get('/items/:id', (c) => c.json(...))`), over
   * whatever in-memory state the emulator keeps. It may also set `app.notFound` and `app.onError`
   * to answer in the API's own error shape.
   */
  routes: (app: Hono) => void;
  /** Checks a request's credentials before its route runs; injected faults come first. */
  authorize?: (request: RecordedRequest) => AuthorizeResult | Promise<AuthorizeResult>;
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number;
  /** The request log keeps this many latest requests; default 10,000, so a long-running emulator stays small. */
  maxLoggedRequests?: number;
  /**
   * Host names (or addresses) besides loopback's that the emulator answers to, say the name other
   * containers reach it by through a proxy. Default none: a request whose `Host` (or a page's
   * `Origin`) names anything but localhost, 127.0.0.0/8 or [::1] is refused, so a browser page
   * cannot reach it by DNS rebinding.
   */
  allowedHosts?: readonly string[];
}

/** A third-party API stand-in: a real HTTP server on loopback, its request log and its faults. */
export interface Emulator {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly baseUrl: string;
  /**
   * Opens the emulator's control routes (paths under `/_emulator/`, such as GitHub's webhook emit),
   * sent as `Authorization: Bearer <controlToken>`: random for each emulator, so no page or other
   * local user that has not been given it can drive the emulator.
   */
  readonly controlToken: string;
  /** Every request received since start or the last reset, oldest first (a copy). */
  readonly requests: readonly RecordedRequest[];
  /** Faults for the next requests: `emulator.faults.inject({ path: '/items/*', status: 503, times: 2 })`. */
  readonly faults: EmulatorFaults;
  /** Requests whose answer has not finished yet. */
  readonly inFlight: number;
  /** The most requests in flight at once since start or the last reset. */
  readonly peakInFlight: number;
  /** Empties the request log, removes every fault and restarts the in-flight peak. */
  reset(): void;
  /** Stops the server, cutting open connections and pending delays. */
  close(): Promise<void>;
}

const DEFAULT_MAX_LOGGED = 10_000;

/** Starts an emulator on 127.0.0.1 and resolves once it listens. */
export async function createEmulator(options: EmulatorOptions): Promise<Emulator> {
  const hosts = new HostAllowList(options.allowedHosts, 'allowedHosts:');
  const controlToken = newControlToken();
  const faults = new EmulatorFaults();
  const delays = new PendingDelays();
  const maxLogged = options.maxLoggedRequests ?? DEFAULT_MAX_LOGGED;
  let log: RecordedRequest[] = [];
  let inFlight = 0;
  let peakInFlight = 0;

  const app = new Hono();
  app.use(async (c, next) => {
    const record = await recordRequest(c);
    log.push(record);
    if (log.length > maxLogged) log = log.slice(log.length - maxLogged);

    // A control route takes the control token instead of the API's credentials.
    const control = isControlPath(record.path);
    const refused = control && controlTokenRefusal(c.req.header('authorization'), controlToken);
    if (refused) {
      record.status = 401;
      return c.json({ message: refused }, 401);
    }

    const fault = faults.take(record.method, record.path);
    if (fault === undefined || !fault.afterProcessing) {
      const faulted = fault && (await applyFault(fault));
      if (faulted) return faulted;
    }

    if (options.authorize && !control) {
      const verdict = await options.authorize(record);
      if (verdict !== true) {
        const response = verdict === false ? c.json({ message: 'Bad credentials' }, 401) : verdict;
        record.status = response.status;
        return response;
      }
    }

    await next();
    record.status = c.res.status;
    if (fault?.afterProcessing) {
      // The write happened; its answer is what the fault makes of it.
      const faulted = await applyFault(fault);
      if (faulted === RESPONSE_ALREADY_SENT) return RESPONSE_ALREADY_SENT;
      if (faulted) c.res = faulted;
    }

    /** Delays, drops or replaces the answer; undefined when the real answer follows (a delay alone). */
    async function applyFault(spec: Readonly<FaultSpec>): Promise<Response | undefined> {
      record.fault = spec.drop ? 'drop' : spec.status !== undefined ? 'status' : 'delay';
      if (spec.delayMs) await delays.wait(spec.delayMs);
      if (spec.drop) {
        record.status = undefined;
        (c.env as HttpBindings).incoming.socket.destroy();
        return RESPONSE_ALREADY_SENT;
      }
      if (spec.status === undefined) return undefined;
      record.status = spec.status;
      return faultResponse(spec);
    }
  });
  // Defaults first: an API's routes may set its own not-found and error answers.
  app.notFound((c: Context) =>
    c.json({ message: `Not Found: ${c.req.method} ${new URL(c.req.url).pathname}` }, 404),
  );
  app.onError((error: Error, c: Context) => c.json({ message: `Emulator error: ${error.message}` }, 500));
  options.routes(app);

  const listener = getRequestListener(app.fetch, { overrideGlobalObjects: false });
  const server = createServer((request, response) => {
    const refusal = browserRefusal(request.headers, hosts);
    if (refusal) {
      response.writeHead(refusal.status, { 'content-type': 'application/json', connection: 'close' });
      response.end(JSON.stringify({ message: refusal.message }));
      return;
    }
    inFlight += 1;
    peakInFlight = Math.max(peakInFlight, inFlight);
    response.once('close', () => {
      inFlight -= 1;
    });
    void listener(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    controlToken,
    get requests() {
      return [...log];
    },
    faults,
    get inFlight() {
      return inFlight;
    },
    get peakInFlight() {
      return peakInFlight;
    },
    reset() {
      log = [];
      faults.clear();
      peakInFlight = inFlight;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        faults.clear();
        delays.releaseAll();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function faultResponse(fault: Readonly<FaultSpec>): Response {
  const headers = new Headers(fault.headers);
  let body: string | null = null;
  if (typeof fault.body === 'string') body = fault.body;
  else if (fault.body !== undefined) {
    body = JSON.stringify(fault.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return new Response(body, { status: fault.status, headers });
}
