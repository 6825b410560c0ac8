import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { plainValue, valueText } from './plain-value.js';

/** JSONata 2.2.2's own test suite, copied into the repository (its SOURCE.md says from where). */
export const SUITE_FOLDER = fileURLToPath(new URL('../jsonata-test-suite/', import.meta.url));

/** What a case expects, in the suite's three forms (`error` and `code` both name a thrown code). */
export type SuiteExpectation =
  | {
      kind: 'result';
      value: unknown;
      /** The result is an array whose order is not specified. */
      unordered: boolean;
    }
  | { kind: 'undefined' }
  | {
      kind: 'error';
      code: string;
      /** The token the error names, when the case checks it. */
      token?: string;
    };

export interface SuiteCase {
  /** `<group>/<file>`, and `#<index>` for a file holding several cases: where to find it. */
  id: string;
  group: string;
  description: string;
  /** The expression's text (read from its `expr-file` when the case keeps it in one). */
  expr: string;
  /** The dataset it reads, by name; `null` for none (the input is undefined); absent when it has its own `data`. */
  dataset?: string | null;
  /** The input, parsed for this case alone: an evaluation that changed it would not leak into the next. */
  input: unknown;
  bindings: Record<string, unknown>;
  expected: SuiteExpectation;
  /** Set together on the cases that check runaway evaluations: the time (ms) and depth they allow. */
  timelimit?: number;
  depth?: number;
}

interface CaseFile {
  expr?: string;
  'expr-file'?: string;
  description?: string;
  data?: unknown;
  dataset?: string | null;
  bindings?: Record<string, unknown>;
  result?: unknown;
  undefinedResult?: boolean;
  unordered?: boolean;
  code?: string;
  token?: string;
  error?: { code?: string; token?: string };
  timelimit?: number;
  depth?: number;
}

/** The groups, by folder name, sorted. */
export function suiteGroups(): string[] {
  return readdirSync(join(SUITE_FOLDER, 'groups'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** Every case of the suite (or of the groups named), in group and file order, with its input resolved. */
export function suiteCases(groups: readonly string[] = suiteGroups()): SuiteCase[] {
  const datasets = new Map<string, string>();
  const datasetText = (name: string) => {
    let text = datasets.get(name);
    if (text === undefined) {
      text = readFileSync(join(SUITE_FOLDER, 'datasets', `${name}.json`), 'utf8');
      datasets.set(name, text);
    }
    return text;
  };
  const cases: SuiteCase[] = [];
  for (const group of groups) {
    const folder = join(SUITE_FOLDER, 'groups', group);
    const files = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort();
    for (const file of files) {
      const parsed = JSON.parse(readFileSync(join(folder, file), 'utf8')) as CaseFile | CaseFile[];
      const several = Array.isArray(parsed);
      (several ? parsed : [parsed]).forEach((spec, index) => {
        const id = `${group}/${file}${several ? `#${index}` : ''}`;
        cases.push(suiteCase(id, group, folder, spec, datasetText));
      });
    }
  }
  return cases;
}

function suiteCase(
  id: string,
  group: string,
  folder: string,
  spec: CaseFile,
  datasetText: (name: string) => string,
): SuiteCase {
  const expr = spec['expr-file'] ? readFileSync(join(folder, spec['expr-file']), 'utf8') : spec.expr;
  if (typeof expr !== 'string') throw new Error(`JSONata suite case ${id} has no expr nor expr-file`);
  const own = 'data' in spec;
  const dataset = spec.dataset ?? null;
  if (!own && spec.dataset === undefined) throw new Error(`JSONata suite case ${id} has no data nor dataset`);
  return {
    id,
    group,
    description: spec.description ?? id,
    expr,
    ...(own ? {} : { dataset }),
    input: own ? spec.data : dataset === null ? undefined : JSON.parse(datasetText(dataset)),
    bindings: spec.bindings ?? {},
    expected: expectation(id, spec),
    ...(spec.timelimit !== undefined ? { timelimit: spec.timelimit } : {}),
    ...(spec.depth !== undefined ? { depth: spec.depth } : {}),
  };
}

function expectation(id: string, spec: CaseFile): SuiteExpectation {
  if ('undefinedResult' in spec) return { kind: 'undefined' };
  if ('result' in spec) return { kind: 'result', value: spec.result, unordered: spec.unordered === true };
  const code = spec.code ?? spec.error?.code;
  if (typeof code === 'string') {
    const token = spec.token ?? spec.error?.token;
    return { kind: 'error', code, ...(token !== undefined ? { token } : {}) };
  }
  throw new Error(`JSONata suite case ${id} expects nothing: no result, undefinedResult, code nor error`);
}

/** What an evaluation came to, in the terms a case's expectation uses. */
export type SuiteOutcome =
  | { kind: 'result'; value: unknown }
  | { kind: 'undefined' }
  | { kind: 'error'; code: string | undefined; token?: unknown; message: string };

/** The outcome of running `evaluate` (compile and evaluate, sync or async): thrown errors caught. */
export async function outcomeOf(evaluate: () => unknown): Promise<SuiteOutcome> {
  try {
    const value = await evaluate();
    return value === undefined ? { kind: 'undefined' } : { kind: 'result', value };
  } catch (thrown) {
    const error = (thrown ?? {}) as { code?: unknown; token?: unknown; message?: unknown };
    return {
      kind: 'error',
      code: typeof error.code === 'string' ? error.code : undefined,
      ...('token' in error ? { token: error.token } : {}),
      message: typeof error.message === 'string' ? error.message : String(thrown),
    };
  }
}

/** Why `outcome` does not meet the case's expectation, or undefined when it does. */
export function suiteMismatch(expected: SuiteExpectation, outcome: SuiteOutcome): string | undefined {
  const got = describeOutcome(outcome);
  if (expected.kind === 'error') {
    if (outcome.kind !== 'error' || outcome.code !== expected.code)
      return `expected error ${expected.code}, got ${got}`;
    if (expected.token !== undefined && outcome.token !== expected.token)
      return `expected error ${expected.code} at token ${expected.token}, got token ${String(outcome.token)}`;
    return undefined;
  }
  if (expected.kind === 'undefined')
    return outcome.kind === 'undefined' ? undefined : `expected undefined, got ${got}`;
  if (outcome.kind !== 'result') return `expected ${valueText(expected.value)}, got ${got}`;
  const order = expected.unordered ? inAnyOrder : (value: unknown) => value;
  // Deep equality as JSONata's own runner checks it: keys in any order, -0 apart from 0.
  const same = isDeepStrictEqual(order(plainValue(expected.value)), order(plainValue(outcome.value)));
  return same ? undefined : `expected ${valueText(expected.value)}, got ${got}`;
}

function describeOutcome(outcome: SuiteOutcome): string {
  if (outcome.kind === 'error') return `error ${outcome.code ?? '(no code)'}: ${outcome.message}`;
  return outcome.kind === 'undefined' ? 'undefined' : valueText(outcome.value);
}

/** An unordered result's items sorted by their text: the same items in any order come out the same. */
function inAnyOrder(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value
    .map((item) => [valueText(item), item] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, item]) => item);
}
