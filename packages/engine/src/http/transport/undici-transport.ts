import type { Dispatcher } from 'undici';
import type { HttpTransport, TransportOptions } from '../../ports/services.js';
import type { sendOnUndici } from './send-on-undici.js';

let sender: typeof sendOnUndici | undefined;
let loadingSender: Promise<typeof sendOnUndici> | undefined;

/** How a send reads its answer (body limits, decoding: node:zlib) loads with the first send, as undici does. */
function loadSender(): Promise<typeof sendOnUndici> {
  loadingSender ??= import('./send-on-undici.js').then((module) => {
    sender = module.sendOnUndici;
    return sender;
  });
  return loadingSender;
}

/**
 * The default transport: undici's `request()` over one keep-alive Agent, under ky. It spares each send
 * fetch's second Request, its body stream and its signal plumbing (about a third of a send's CPU on
 * Node 20), and keeps what fetch gave: no redirect followed, bodies decoded, fetch's default headers.
 * undici (a hundred modules) loads with the first send, not with the engine.
 */
export class UndiciTransport implements HttpTransport {
  #dispatcher: Dispatcher | undefined;
  #opening: Promise<Dispatcher> | undefined;
  #closedUnopened = false;

  constructor(dispatcher?: Dispatcher) {
    this.#dispatcher = dispatcher;
  }

  async fetch(request: Request, options: TransportOptions): Promise<Response> {
    const dispatcher = this.#dispatcher ?? (await this.#open());
    const send = sender ?? (await loadSender());
    return send(dispatcher, request, options);
  }

  /** Loads undici and makes the Agent: the engine asks before an account's first request. */
  async prepare(): Promise<void> {
    if (this.#dispatcher === undefined) await this.#open();
    await loadSender();
  }

  /** Closes the kept-alive connections; sends made after this fail. */
  async close(): Promise<void> {
    if (this.#dispatcher === undefined && this.#opening === undefined) {
      // Nothing was sent: the Agent is made closed, should a send still come.
      this.#closedUnopened = true;
      return;
    }
    // A send made before, still waiting for the Agent, is sent first: it reaches the Agent before this.
    const dispatcher = this.#dispatcher ?? (await this.#opening);
    await dispatcher?.close();
  }

  /** The Agent, made once by the first send. */
  #open(): Promise<Dispatcher> {
    this.#opening ??= Promise.all([import('undici'), loadSender()]).then(([{ Agent }]) => {
      // No undici timeouts: the send's own (the binding's timeoutMs) bounds the headers and the body.
      const agent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });
      if (this.#closedUnopened) void agent.close();
      this.#dispatcher = agent;
      return agent;
    });
    return this.#opening;
  }
}
