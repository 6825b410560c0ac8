import jsonata from 'jsonata';
import { outcomeOf, type SuiteCase, type SuiteOutcome } from './jsonata-suite.js';

/**
 * The case run as JSONata's runner runs it, bounded the same way when it sets a time and depth. Its
 * time limit applies only where the case expects the runaway to be stopped (an error): a case that
 * expects a value must not fail because a busy machine ran it slowly.
 */
export function asJsonatasRunner(suiteCase: SuiteCase): Promise<SuiteOutcome> {
  return outcomeOf(() => {
    const expression = jsonata(suiteCase.expr);
    if (suiteCase.timelimit !== undefined && suiteCase.depth !== undefined) {
      const timelimit = suiteCase.expected.kind === 'error' ? suiteCase.timelimit : Number.POSITIVE_INFINITY;
      timeboxed(expression, timelimit, suiteCase.depth);
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
