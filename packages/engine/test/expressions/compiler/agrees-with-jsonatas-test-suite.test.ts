import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import jsonata from 'jsonata';
import type { JsonataNode } from '../../../src/expressions/compiled-expression.js';
import { compileJsonata } from '../../../src/expressions/compiler/index.js';
import {
  outcomeOf,
  type SuiteCase,
  type SuiteOutcome,
  suiteCases,
  suiteGroups,
  suiteMismatch,
} from '../support/jsonata-suite.js';
import { plainValue, valueText } from '../support/plain-value.js';
import { asJsonatasRunner } from '../support/run-as-jsonatas-runner.js';

/**
 * Every case of JSONata's own suite, run on the interpreter as JSONata's runner runs it (which must
 * pass it: that shows the loader reads the suite right) and, when it compiles, on the compiled
 * program: both must give the same value (undefined apart from null) or the same error code. The
 * interpreter is the oracle, not the suite's expectations: where JSONata's runner bounds a case
 * (its U1001), the library's own `timeout` and `stack` options throw D1012 and D1011, and the
 * compiled program is compared with those.
 */
const cases = suiteCases();

/** Of the cases that parse, at least this many compile: raised as the compiler takes more. */
const COMPILED_AT_LEAST = 1633;

/** No limit where the case sets none: the interpreter runs without `sequence`, `timeout` or `stack`. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

const tally = { parsed: 0, compiled: 0, refusals: new Map<string, number>() };

describe("the compiler, on JSONata's own test suite", () => {
  it.each(suiteGroups())(
    'passes every case of %s on the interpreter, and agrees with it on every one it compiles',
    async (group) => {
      const failures: string[] = [];
      for (const suiteCase of cases.filter((each) => each.group === group)) {
        const interpreted = await asJsonatasRunner(suiteCase);
        const mismatch = suiteMismatch(suiteCase.expected, interpreted);
        if (mismatch) failures.push(`${suiteCase.id} ${suiteCase.expr}: the interpreter ${mismatch}`);
        const failure = await compared(suiteCase, interpreted);
        if (failure) failures.push(failure);
      }
      expect(failures).toEqual([]);
    },
  );

  afterAll(() => {
    const refused = [...tally.refusals].map(([reason, count]) => `  ${count} × ${reason}`).join('\n');
    console.log(
      `JSONata's suite: ${tally.compiled} of ${tally.parsed} cases that parse compile (${cases.length} in all); refused:\n${refused}`,
    );
  });

  it(`compiles at least ${COMPILED_AT_LEAST} of its cases`, async () => {
    // Counted by the tests above, which run first.
    expect(tally.compiled).toBeGreaterThanOrEqual(COMPILED_AT_LEAST);
  });
});

/** Why the compiled program and the interpreter differ on the case, or undefined when they agree or it does not compile. */
async function compared(suiteCase: SuiteCase, interpreted: SuiteOutcome): Promise<string | undefined> {
  let tree: JsonataNode;
  try {
    tree = jsonata(suiteCase.expr).ast() as unknown as JsonataNode;
  } catch {
    return undefined; // A syntax error: the parser's, before any evaluator.
  }
  tally.parsed++;
  const limits = {
    timeoutMs: runawayTimeLimit(suiteCase) ?? 0,
    maxDepth: suiteCase.depth ?? 0,
    maxStringLength: UNBOUNDED,
    maxArrayLength: UNBOUNDED,
  };
  const compiled = compileJsonata(tree, { limits });
  if (!compiled.ok) {
    tally.refusals.set(compiled.reason, (tally.refusals.get(compiled.reason) ?? 0) + 1);
    return undefined;
  }
  tally.compiled++;
  // Unbounded, the runner's run is the interpreter's; bounded, the library's own options are.
  const bounded = suiteCase.timelimit !== undefined || suiteCase.depth !== undefined;
  const options = { timeout: runawayTimeLimit(suiteCase), stack: suiteCase.depth };
  const expected = bounded
    ? await outcomeOf(() => jsonata(suiteCase.expr, options).evaluate(suiteCase.input, suiteCase.bindings))
    : interpreted;
  const outcome = await outcomeOf(() => compiled.program(suiteCase.input, suiteCase.bindings));
  const same =
    expected.kind === outcome.kind &&
    (expected.kind !== 'error' || expected.code === (outcome as typeof expected).code) &&
    (expected.kind !== 'result' || sameValue(expected.value, (outcome as typeof expected).value));
  if (same) return undefined;
  return `${suiteCase.id} ${suiteCase.expr}\n  interpreter: ${text(expected)}\n  compiled:    ${text(outcome)}`;
}

/** Keys in the same order, -0 apart from 0, functions alike. */
function sameValue(expected: unknown, actual: unknown): boolean {
  return (
    valueText(expected) === valueText(actual) && isDeepStrictEqual(plainValue(expected), plainValue(actual))
  );
}

function text(outcome: SuiteOutcome): string {
  if (outcome.kind === 'error') return `error ${outcome.code ?? '(no code)'}: ${outcome.message}`;
  return outcome.kind === 'undefined' ? 'undefined' : valueText(plainValue(outcome.value));
}

/**
 * A case's time limit where it expects a runaway stopped (an error); none where it expects a value,
 * so neither side fails for being run slowly on a busy machine (no timed test).
 */
function runawayTimeLimit(suiteCase: SuiteCase): number | undefined {
  return suiteCase.expected.kind === 'error' ? suiteCase.timelimit : undefined;
}
