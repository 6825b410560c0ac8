import { describe, expect, it } from '@jest/globals';
import jsonata from 'jsonata';
import type { JsonataNode } from '../../../src/expressions/compiled-expression.js';
import {
  compileJsonata,
  NotSynchronousError,
  type Program,
} from '../../../src/expressions/compiler/index.js';
import { completeLimits, DEFAULT_LIMITS } from '../../../src/expressions/expression-limits.js';
import { plainValue } from '../support/plain-value.js';

/**
 * A compiled program may run many times at once (one per step of concurrent runs) over values the
 * engine keeps: it changes neither its input nor its bindings, keeps nothing from one evaluation to
 * the next, and never waits; a function from outside that would make it wait stops it, saying so.
 */
const LIMITS = completeLimits(DEFAULT_LIMITS);

function compiled(expression: string): Program {
  const result = compileJsonata(jsonata(expression).ast() as unknown as JsonataNode, { limits: LIMITS });
  if (!result.ok) throw new Error(`Not compiled: ${result.reason}`);
  return result.program;
}

function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFrozen((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** A sequence of one, as an earlier evaluation hands it out and the engine keeps it in a variable. */
function sequenceOfOne(item: unknown): unknown[] {
  return Object.assign([item], { sequence: true });
}

const input = () => ({
  orders: [
    { id: 1, items: [{ sku: 'a', qty: 2, price: 3 }], tags: ['x'] },
    {
      id: 2,
      items: [
        { sku: 'b', qty: 1, price: 10 },
        { sku: 'a', qty: 5, price: 3 },
      ],
      tags: [],
    },
  ],
  customer: { name: 'Ada', address: { city: 'Paris' } },
});
const bindings = () => ({ kept: sequenceOfOne({ id: 9 }), limit: 4, names: ['b', 'a'] });

describe('a compiled program', () => {
  it.each([
    'orders.items[]',
    'orders[0].items[]',
    '$kept[]',
    '$kept',
    'orders.items^(>price)',
    'orders{$string(id): items.sku}',
    'orders.items.{sku: qty * price}',
    'orders@$o.items@$i.{"order": $o.id, "sku": $i.sku}',
    'orders#$n[$n > 0].id',
    'orders.items.%.id',
    '$ ~> |customer.address|{"city": "Lyon"}|',
    '$ ~> |orders.items|{}, ["price"]|',
    '$sort($names)',
    '$reverse(orders)',
    '$merge([customer, {"x": 1}])',
    '$map(orders, function($o, $i, $all){ $count($all) + $i })',
    '$append($kept, $names)',
  ])('leaves its input and bindings as they were: %s', async (expression) => {
    const expected = await jsonata(expression).evaluate(input(), bindings());
    const frozen = { input: deepFrozen(input()), bindings: deepFrozen(bindings()) };
    const program = compiled(expression);
    expect(plainValue(program(frozen.input, frozen.bindings))).toEqual(plainValue(expected));
    expect(frozen).toEqual({ input: input(), bindings: bindings() });
  });

  it('keeps nothing from one evaluation to the next, even one run inside another', () => {
    const program = compiled('name & ":" & $inner($count(list))');
    let runs = 0;
    const inner = (count: number): string =>
      runs++ === 0 ? (program({ name: 'inner', list: [1, 2, 3] }, { inner }) as string) : `end${count}`;
    expect(program({ name: 'outer', list: [1] }, { inner })).toBe('outer:inner:end3');
    expect(program({ name: 'again', list: [] }, { inner: () => 'done' })).toBe('again:done');
  });

  it('stops, saying so, when a function of its bindings returns a promise', () => {
    const program = compiled('$lookupUser(id).name');
    const lookupUser = async (id: number) => ({ id, name: 'Ada' });
    expect(() => program({ id: 1 }, { lookupUser })).toThrow(NotSynchronousError);
    expect(program({ id: 1 }, { lookupUser: (id: number) => ({ id, name: 'Ada' }) })).toBe('Ada');
  });
});
