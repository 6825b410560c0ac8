import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Arrival {
  method: string;
  path: string;
  /** Epoch ms, the machine's clock. */
  at: number;
}

/**
 * A tiny API that holds each request a while before answering, and counts how many it holds at once:
 * what an account's concurrency cap looks like from the API's side, whichever process sent them.
 */
export interface InFlightServer {
  baseUrl: string;
  arrivals: Arrival[];
  /** The most requests held at once since `reset`: all of them, and writes (not GET) alone. */
  peak: { all: number; writes: number };
  /** Headers every answer carries from now on, e.g. a rate-limit report. */
  answerHeaders: Record<string, string>;
  /** Answers every request to a `/held/…` path, which waits until then. */
  releaseHeld(): void;
  /** Resolves once a request to `path` arrived. */
  arrived(path: string): Promise<Arrival>;
  reset(): void;
  close(): Promise<void>;
}

export async function startInFlightServer(holdMs: number): Promise<InFlightServer> {
  const inFlight = { all: 0, writes: 0 };
  let held: Array<() => void> = [];
  const server = createServer((request, response) => {
    const write = request.method !== 'GET';
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    state.arrivals.push({ method: request.method ?? 'GET', path, at: Date.now() });
    inFlight.all++;
    if (write) inFlight.writes++;
    state.peak.all = Math.max(state.peak.all, inFlight.all);
    state.peak.writes = Math.max(state.peak.writes, inFlight.writes);
    const answer = () => {
      inFlight.all--;
      if (write) inFlight.writes--;
      response.writeHead(200, { 'content-type': 'application/json', ...state.answerHeaders });
      response.end(JSON.stringify({ path }));
    };
    request.resume();
    if (path.startsWith('/held/')) held.push(answer);
    else setTimeout(answer, holdMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const state: InFlightServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    arrivals: [],
    peak: { all: 0, writes: 0 },
    answerHeaders: {},
    releaseHeld: () => {
      for (const answer of held) answer();
      held = [];
    },
    arrived: async (path) => {
      for (;;) {
        const arrival = state.arrivals.find((each) => each.path === path);
        if (arrival) return arrival;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    reset: () => {
      state.arrivals = [];
      state.peak = { all: 0, writes: 0 };
      state.answerHeaders = {};
    },
    close: async () => {
      state.releaseHeld();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}
