import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from '@jest/globals';
import {
  type Clock,
  type ConnectedAccount,
  createEngine,
  createTriggerHost,
  type Engine,
  type Journal,
  type Logger,
  type LogLevel,
  MemoryTriggerStore,
  type TriggerHost,
  type TriggerHostEvent,
  type TriggerHostOptions,
  type TriggerStore,
} from '../../../src/index.js';
import { SqliteTriggerStore } from '../../support/workspace-adapters.js';
import { BOARD } from '../binding-helpers.js';
import { type BoardEmulator, startBoardEmulator } from '../fixtures/board/emulator.js';
import board from '../fixtures/board/index.js';

export const NEW_BUGS = join(BOARD, 'new-bugs.binding.json');
export const ARCHIVED_CARDS = join(BOARD, 'archived-cards.binding.json');

/** A card as the board sends it. */
export function card(id: number, title: string, labels: string[] = ['bug']) {
  return { id, title, labels, column: 'inbox', description: null, author: { login: 'grace' } };
}

/** Records a host's events and waits for the one a test expects, however late it comes. */
export class EventLog {
  readonly events: TriggerHostEvent[] = [];
  private waiters: Array<{
    matches: (event: TriggerHostEvent) => boolean;
    resolve: (event: TriggerHostEvent) => void;
  }> = [];

  readonly listener = (event: TriggerHostEvent): void => {
    this.events.push(event);
    this.waiters = this.waiters.filter((waiter) => {
      if (!waiter.matches(event)) return true;
      waiter.resolve(event);
      return false;
    });
  };

  of<T extends TriggerHostEvent['type']>(type: T): Array<Extract<TriggerHostEvent, { type: T }>> {
    return this.events.filter(
      (event): event is Extract<TriggerHostEvent, { type: T }> => event.type === type,
    );
  }

  next<T extends TriggerHostEvent['type']>(
    type: T,
    matches: (event: Extract<TriggerHostEvent, { type: T }>) => boolean = () => true,
  ): Promise<Extract<TriggerHostEvent, { type: T }>> {
    const test = (event: TriggerHostEvent) =>
      event.type === type && matches(event as Extract<TriggerHostEvent, { type: T }>);
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen as Extract<TriggerHostEvent, { type: T }>);
    return new Promise((resolve) =>
      this.waiters.push({ matches: test, resolve: resolve as (event: TriggerHostEvent) => void }),
    );
  }
}

export interface BoardSetup {
  board: BoardEmulator;
  engine: Engine;
  server: Server;
  publicUrl: string;
  /** Creates a host on the loopback server (replacing the one it served), with the board's bindings. */
  host(
    options?: Partial<TriggerHostOptions> & { store?: TriggerStore },
  ): Promise<{ host: TriggerHost; log: EventLog }>;
  close(): Promise<void>;
}

export interface BoardSetupOptions {
  clock?: Clock;
  logger?: Logger;
  /** Where the engine records runs; default in memory, where none can be resumed. */
  journal?: Journal;
  /** More accounts beside the demo one, e.g. another account on the same board. */
  accounts?: (board: BoardEmulator) => ConnectedAccount[];
}

/**
 * The board emulator, an engine with its demo account, and a real loopback HTTP server whose
 * requests go to the current host's Node handler under `/toolsteps`.
 */
export async function boardSetup(options: BoardSetupOptions = {}): Promise<BoardSetup> {
  const emulator = await startBoardEmulator();
  const engine = await createEngine({
    integrations: [board],
    accounts: [...emulator.accounts, ...(options.accounts?.(emulator) ?? [])],
    triggerStore: new MemoryTriggerStore(),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.journal ? { journal: options.journal } : {}),
  });
  let current: TriggerHost | undefined;
  const server = createServer((request, response) => {
    if (current) void current.nodeHandler(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/toolsteps`;
  const hosts: TriggerHost[] = [];
  return {
    board: emulator,
    engine,
    server,
    publicUrl,
    async host(hostOptions = {}) {
      const log = new EventLog();
      current = await createTriggerHost({
        engine,
        bindings: [NEW_BUGS, ARCHIVED_CARDS],
        publicUrl,
        onEvent: log.listener,
        ...hostOptions,
      });
      hosts.push(current);
      return { host: current, log };
    },
    async close() {
      for (const host of hosts) await host.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await emulator.close();
    },
  };
}

/** Signs a body as the board does, with `secret`. */
export function boardSignature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** A `card` delivery body for the roadmap board. */
export function cardsBody(...cards: Array<ReturnType<typeof card>>): string {
  return JSON.stringify({ action: 'created', board: { name: 'roadmap' }, cards, sender: { login: 'grace' } });
}

/** A folder under the system's temporary folder, removed by the returned function. */
export function temporaryFolder(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'toolsteps-triggers-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Keeps every line with its fields, as a runtime's logger gets them. */
export class LinesLogger implements Logger {
  readonly lines: Array<{ level: LogLevel; message: string; fields?: Record<string, unknown> }> = [];
  debug = this.#write('debug');
  info = this.#write('info');
  warn = this.#write('warn');
  error = this.#write('error');
  #write(level: LogLevel) {
    return (message: string, fields?: Record<string, unknown>) => this.lines.push({ level, message, fields });
  }
}

/** Opens an empty trigger store; `done` removes what it left on disk once it is closed. */
export type OpenTriggerStore = () => { store: TriggerStore; done: () => void };

/** Every kind of trigger store, by name, for `describe.each`: callers never know which they have. */
export const TRIGGER_STORES: Array<[name: string, open: OpenTriggerStore]> = [
  ['memory', () => ({ store: new MemoryTriggerStore(), done: () => undefined })],
  [
    'SQLite',
    () => {
      const folder = temporaryFolder();
      return { store: SqliteTriggerStore.open(join(folder.path, 'triggers.sqlite')), done: folder.remove };
    },
  ],
];

/** A fresh store from `open` for each test of the enclosing block, closed after it: the test's store. */
export function useTriggerStore(open: OpenTriggerStore): () => TriggerStore {
  let opened: ReturnType<OpenTriggerStore> | undefined;
  beforeEach(() => {
    opened = open();
  });
  afterEach(async () => {
    await opened?.store.close();
    opened?.done();
    opened = undefined;
  });
  return () => {
    if (opened === undefined) throw new Error('No trigger store is open outside a test');
    return opened.store;
  };
}
