import { describe, expect, it } from '@jest/globals';
import { boundedBuiltins } from '../../../src/expressions/bounded-builtins.js';
import { completeLimits, DEFAULT_LIMITS } from '../../../src/expressions/expression-limits.js';

/**
 * A workflow may hold hundreds of thousands of expressions: building the bounded built-ins' closures
 * for each one cost kilobytes per expression. Expressions compiled with equal limits share them.
 */
describe('the bounded built-ins', () => {
  it('are one record for every expression compiled with equal limits', () => {
    const first = boundedBuiltins(completeLimits(DEFAULT_LIMITS));
    expect(boundedBuiltins(completeLimits({ ...DEFAULT_LIMITS }))).toBe(first);
    expect(boundedBuiltins(completeLimits({ ...DEFAULT_LIMITS, maxStringLength: 5 }))).not.toBe(first);
  });
});
