import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Emulator } from '@toolsteps/emulator';
import { createEngine, type HttpExchange } from '../../src/index.js';
import { fanOutWorkflow, items, itemsAccount, startItemsEmulator } from '../fixtures/items-integration.js';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await startItemsEmulator();
});

afterAll(() => emulator.close());

describe('step traces count the requests a step made', () => {
  it('without anyone listening to exchanges', async () => {
    emulator.reset();
    const engine = await createEngine({ integrations: [items], accounts: [itemsAccount(emulator.baseUrl)] });
    const result = await engine.run(fanOutWorkflow({ items: 2, concurrency: 1, perStep: 3 }));
    expect(result.status).toBe('succeeded');
    const reads = result.steps.filter((trace) => trace.id === 'read');
    expect(reads.map((trace) => [trace.stepKey, trace.requests])).toEqual([
      ['each[0].read', 3],
      ['each[1].read', 3],
    ]);
    expect(emulator.requests).toHaveLength(6);
  });

  it('and hand every exchange to an onExchange listener, retries included', async () => {
    emulator.reset();
    emulator.faults.inject({ path: '/items/1', status: 503, headers: { 'retry-after': '0' } });
    const account = itemsAccount(emulator.baseUrl);
    const engine = await createEngine({ integrations: [items], accounts: [account] });
    const exchanges: Array<[string, HttpExchange]> = [];
    const result = await engine.run(fanOutWorkflow({ items: 1, concurrency: 1, perStep: 2 }), undefined, {
      onExchange: (stepKey, exchange) => exchanges.push([stepKey, exchange]),
    });
    expect(result.status).toBe('succeeded');
    expect(result.steps.find((trace) => trace.id === 'read')?.requests).toBe(3);
    expect(
      exchanges.map(([stepKey, exchange]) => `${stepKey} ${exchange.path} ${exchange.status}`).sort(),
    ).toEqual(['each[0].read /items/0 200', 'each[0].read /items/1 200', 'each[0].read /items/1 503']);
    expect(JSON.stringify(exchanges)).not.toContain(String(account.credentials.token));
  });
});

describe('a wide fan-out', () => {
  // Its own process: Node prints listener-leak warnings to stderr, which Jest's process never sees.
  it('runs 16 iterations of 12 requests each without a listener-leak warning', async () => {
    const script = resolve(import.meta.dirname, '../fixtures/wide-fan-out.ts');
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: import.meta.dirname, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((done) => child.once('close', done));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual({ status: 'succeeded', requests: 16 * 12 });
  });
});
