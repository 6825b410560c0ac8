import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, it } from '@jest/globals';
import jsonata from 'jsonata';
import { boundedBuiltins, loadBuiltins } from '../../../src/expressions/bounded-builtins.js';
import type { JsonataNode } from '../../../src/expressions/compiled-expression.js';
import { compileJsonata } from '../../../src/expressions/compiler/index.js';
import { completeLimits, DEFAULT_LIMITS } from '../../../src/expressions/expression-limits.js';
import { expressionConstructs } from '../support/expression-constructs.js';
import { type GeneratedCase, generatedCase } from '../support/generated-expressions.js';
import { outcomeOf, type SuiteOutcome } from '../support/jsonata-suite.js';
import { plainValue, valueText } from '../support/plain-value.js';

/**
 * Seeds 1…CASES, one case each: the same every run, so a failure repeats. `generatedCase(seed)`
 * rebuilds any case a failure names; TOOLSTEPS_FIRST_SEED moves the range to explore other cases.
 */
const CASES = 4000;
const FIRST_SEED = Number(process.env.TOOLSTEPS_FIRST_SEED ?? 1);
const cases = Array.from({ length: CASES }, (_, index) => generatedCase(FIRST_SEED + index));

/** What the grammar is for: each of these must be written often enough to be compared. */
const CONSTRUCTS = [
  'path',
  'predicate',
  'binary +',
  'binary -',
  'binary *',
  'binary /',
  'binary %',
  'binary =',
  'binary !=',
  'binary <',
  'binary <=',
  'binary >',
  'binary >=',
  'binary and',
  'binary or',
  'binary in',
  'binary &',
  'binary ..',
  'condition',
  'block',
  'bind',
  'unary [',
  'unary {',
  'unary -',
  'order-by',
  'group-by',
  'lambda',
  'apply',
  '$<lambda>',
  ...['$map', '$filter', '$reduce', '$sort', '$sum', '$count', '$string', '$number', '$join'],
  ...['$substring', '$uppercase', '$keys', '$lookup', '$exists', '$append', '$distinct'],
];

/**
 * Errors JSONata 2.2.2 throws with no code of its own, where it fails rather than the expression: no
 * oracle for those cases. Any other error without a code fails this test.
 */
const INTERPRETER_BUGS = [
  {
    message: /^comp is not a function$/,
    why: "$sort with a comparator, as a lambda's tail call, loses the comparator (a TypeError)",
  },
];

const LIMITS = completeLimits(DEFAULT_LIMITS);

/**
 * Of the expressions generated, at least this share must compile: they are written in the subset the
 * compiler takes, so a lower share means it refuses what it should take, and little was compared.
 */
const COMPILED_SHARE = 0.95;

/** Each case parsed once: the interpreter evaluates this, the compiler compiles its tree. */
interface Parsed {
  generated: GeneratedCase;
  expression: jsonata.Expression;
  /** The interpreter's outcome: with JSONata's library, then with the engine's bounded built-ins. */
  bare: SuiteOutcome;
  bounded: SuiteOutcome;
}

let parsed: Parsed[];
/** Cases JSONata could not parse: the generator's fault, listed by the test on the grammar. */
const unparsed: string[] = [];
let builtins: ReturnType<typeof boundedBuiltins>;

beforeAll(async () => {
  await loadBuiltins();
  builtins = boundedBuiltins(LIMITS);
  parsed = [];
  for (const generated of cases) {
    let expression: jsonata.Expression;
    try {
      expression = jsonata(generated.expression);
    } catch (error) {
      unparsed.push(`${described(generated)}\n  ${(error as Error).message}`);
      continue;
    }
    const bare = await interpreted(expression, generated);
    // The same compiled expression, its built-ins now shadowed as the engine shadows them.
    for (const [name, builtin] of Object.entries(builtins)) expression.assign(name, builtin);
    parsed.push({ generated, expression, bare, bounded: await interpreted(expression, generated) });
  }
});

describe('expressions generated from a seed, their inputs and bindings', () => {
  it('are the same for the same seed, and differ from seed to seed', () => {
    expect(generatedCase(FIRST_SEED + 17)).toEqual(cases[17]);
    expect(new Set(cases.map(({ expression }) => expression)).size).toBeGreaterThan(CASES * 0.75);
    expect(new Set(cases.map(({ input }) => JSON.stringify(input))).size).toBe(CASES);
  });

  it('are written in JSONata: every one parses', () => {
    expect(unparsed).toEqual([]);
  });

  it('cover the grammar: paths, operators, blocks, constructors, order-by, group-by, lambdas, built-ins', () => {
    const counts = new Map<string, number>();
    for (const { expression } of parsed) {
      for (const construct of expressionConstructs(expression.ast())) {
        counts.set(construct, (counts.get(construct) ?? 0) + 1);
      }
    }
    const rare = CONSTRUCTS.filter((construct) => (counts.get(construct) ?? 0) < 20);
    expect(rare).toEqual([]);
  });

  it('give the interpreter results to compare, some nothing and some errors, each error with its code', () => {
    const outcomes = parsed.map(({ bare }) => bare);
    const count = (kind: SuiteOutcome['kind']) => outcomes.filter((outcome) => outcome.kind === kind).length;
    expect(count('result')).toBeGreaterThan(CASES * 0.6);
    expect(count('undefined')).toBeGreaterThan(CASES * 0.05);
    expect(count('error')).toBeGreaterThan(CASES * 0.02);
    const codes = new Set(outcomes.map((outcome) => (outcome.kind === 'error' ? outcome.code : undefined)));
    expect(codes.size).toBeGreaterThan(8);
    const unexplained = parsed.filter(({ bare, bounded }) =>
      [bare, bounded].some(
        (outcome) => outcome.kind === 'error' && outcome.code === undefined && !knownBug(outcome),
      ),
    );
    expect(unexplained.map(({ generated }) => described(generated))).toEqual([]);
    // The cases left without an oracle stay few.
    expect(outcomes.filter(knownBug).length).toBeLessThan(CASES * 0.01);
  });
});

describe('the compiler, on expressions generated from a seed', () => {
  it("gives the interpreter's result or error code for every expression it compiles", () => {
    expect(compared((each) => each.bare)).toBe('');
  });

  it("agrees with it too with the engine's bounded built-ins in both", () => {
    expect(compared((each) => each.bounded, builtins)).toBe('');
  });
});

/**
 * Runs the compiled program of every case whose interpreter outcome is an oracle. Empty when they all
 * agree and enough compiled; else the first cases where the two differ (seed, expression, input,
 * bindings, both outcomes) and, when too few compiled, why the compiler refused the most.
 */
function compared(oracle: (each: Parsed) => SuiteOutcome, withBuiltins?: Record<string, unknown>): string {
  const failures: string[] = [];
  let differing = 0;
  const refusals = new Map<string, number>();
  let compiledCount = 0;
  for (const each of parsed) {
    const expected = oracle(each);
    if (knownBug(expected)) continue;
    const tree = each.expression.ast() as unknown as JsonataNode;
    const compiled = compileJsonata(tree, {
      limits: LIMITS,
      ...(withBuiltins ? { builtins: withBuiltins } : {}),
    });
    if (!compiled.ok) {
      refusals.set(compiled.reason, (refusals.get(compiled.reason) ?? 0) + 1);
      continue;
    }
    compiledCount++;
    let outcome: SuiteOutcome;
    try {
      const value = compiled.program(each.generated.input, each.generated.bindings);
      outcome = value === undefined ? { kind: 'undefined' } : { kind: 'result', value };
    } catch (thrown) {
      const error = (thrown ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof error.code === 'string' ? error.code : undefined;
      outcome = { kind: 'error', code, message: String(error.message ?? thrown) };
    }
    const difference = differs(expected, outcome);
    if (!difference) continue;
    differing++;
    if (failures.length < 5) failures.push(`${described(each.generated)}\n  ${difference}`);
  }
  const report: string[] = [];
  if (differing > 0) {
    report.push(
      `${differing} of ${compiledCount} compiled cases differ from the interpreter; the first:`,
      ...failures,
    );
  }
  if (compiledCount < CASES * COMPILED_SHARE) {
    const reasons = [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 5);
    report.push(
      `only ${compiledCount} of ${CASES} compiled; refused most for: ${reasons.map(([reason, count]) => `${reason} (${count})`).join('; ')}`,
    );
  }
  return report.join('\n\n');
}

/** The same outcome: the same value (keys in the same order, -0 apart from 0), nothing, or the same code. */
function differs(expected: SuiteOutcome, outcome: SuiteOutcome): string | undefined {
  const text = (each: SuiteOutcome) =>
    each.kind === 'error'
      ? `error ${each.code ?? '(no code)'}: ${each.message}`
      : each.kind === 'undefined'
        ? 'undefined'
        : valueText(each.value);
  const same =
    expected.kind === outcome.kind &&
    (expected.kind !== 'error' || expected.code === (outcome as typeof expected).code) &&
    (expected.kind !== 'result' ||
      (valueText(expected.value) === valueText((outcome as typeof expected).value) &&
        isDeepStrictEqual(plainValue(expected.value), plainValue((outcome as typeof expected).value))));
  return same ? undefined : `interpreter: ${text(expected)}\n  compiled:    ${text(outcome)}`;
}

/** JSONata as users run it: the parsed expression evaluated, its outcome caught. */
function interpreted(expression: jsonata.Expression, generated: GeneratedCase): Promise<SuiteOutcome> {
  return outcomeOf(() => expression.evaluate(generated.input, generated.bindings));
}

function knownBug(outcome: SuiteOutcome): boolean {
  return (
    outcome.kind === 'error' &&
    outcome.code === undefined &&
    INTERPRETER_BUGS.some(({ message }) => message.test(outcome.message))
  );
}

/** Everything needed to repeat a case: its seed, expression, input and bindings. */
function described({ seed, expression, input, bindings }: GeneratedCase): string {
  return `seed ${seed}: ${expression}\n  input ${JSON.stringify(input)}\n  bindings ${JSON.stringify(bindings)}`;
}
