import { describe, expect, it } from '@jest/globals';
import jsonata from 'jsonata';
import {
  outcomeOf,
  type SuiteCase,
  suiteCases,
  suiteGroups,
  suiteMismatch,
} from './support/jsonata-suite.js';

// The suite is the oracle of any other evaluator of expressions (the compiler's tests read it through
// the same loader): the interpreter it was written for passing every case is what shows the loader
// resolves inputs, bindings and expectations as JSONata's own runner does.
const cases = suiteCases();

describe("JSONata's own test suite, read from the repository", () => {
  it("holds JSONata 2.2.2's 102 groups and their 1,686 cases", () => {
    expect(suiteGroups()).toHaveLength(102);
    expect(cases.length).toBe(1686);
    expect(new Set(cases.map((suiteCase) => suiteCase.id)).size).toBe(cases.length);
  });

  it('resolves each input as the runner does: own data, a dataset by name, or none for null', () => {
    const byId = new Map(cases.map((suiteCase) => [suiteCase.id, suiteCase]));
    expect(byId.get('array-constructor/case000.json')).toMatchObject({ dataset: 'dataset5' });
    expect(byId.get('array-constructor/case000.json')?.input).toMatchObject({ Account: {} });
    const withoutInput = cases.find((suiteCase) => suiteCase.dataset === null);
    expect(withoutInput?.input).toBeUndefined();
    const ownData = cases.find((suiteCase) => !('dataset' in suiteCase));
    expect(ownData?.input).toBeDefined();
    // Parsed for each case: a case that changed its input would not change another's.
    const sharing = cases.filter((suiteCase) => suiteCase.dataset === 'dataset5');
    expect(sharing[0].input).not.toBe(sharing[1].input);
  });

  it('reads expressions kept in files of their own', () => {
    const fromFile = cases.find((suiteCase) => suiteCase.id === 'comments/case000.json');
    expect(fromFile?.expr).toContain('/*');
  });

  it.each(suiteGroups())('the interpreter passes every case of %s', async (group) => {
    const failures: string[] = [];
    for (const suiteCase of cases.filter((each) => each.group === group)) {
      const mismatch = suiteMismatch(suiteCase.expected, await interpreted(suiteCase));
      if (mismatch) failures.push(`${suiteCase.id} ${suiteCase.expr}: ${mismatch}`);
    }
    expect(failures).toEqual([]);
  });
});

/** The case run as JSONata's runner runs it, bounded the same way when it sets a time and depth. */
function interpreted(suiteCase: SuiteCase) {
  return outcomeOf(() => {
    const expression = jsonata(suiteCase.expr);
    if (suiteCase.timelimit !== undefined && suiteCase.depth !== undefined) {
      timeboxed(expression, suiteCase.timelimit, suiteCase.depth);
    }
    return expression.evaluate(suiteCase.input, suiteCase.bindings);
  });
}

/** The runner's own guard (U1001 past the depth or the time), on the hooks JSONata 2.2 calls. */
function timeboxed(expression: jsonata.Expression, timelimit: number, depth: number): void {
  let entered = 0;
  const started = Date.now();
  const check = () => {
    if (entered > depth || Date.now() - started > timelimit) {
      throw { code: 'U1001', message: 'Stack overflow or timeout: a non-terminating expression' };
    }
  };
  type Hook = (node: unknown, input: unknown, environment: { isParallelCall?: boolean }) => void;
  const hook =
    (step: number): Hook =>
    (_node, _input, environment) => {
      if (environment.isParallelCall) return;
      entered += step;
      check();
    };
  const assign = expression.assign as unknown as (name: symbol, value: Hook) => void;
  assign(Symbol.for('jsonata.__evaluate_entry'), hook(1));
  assign(Symbol.for('jsonata.__evaluate_exit'), hook(-1));
}
