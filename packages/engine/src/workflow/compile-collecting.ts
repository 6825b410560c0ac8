import type { CompiledExpression } from '../expressions/compiled-expression.js';
import type { ExpressionLimits } from '../expressions/expression.js';
import type { StepRegistry } from '../ports/services.js';
import { compileWorkflow } from './compile-workflow.js';
import type { CompiledWorkflow } from './compiled-workflow.js';
import type { Problem } from './diagnostic.js';
import type { Workflow } from './workflow-schema.js';

export interface CompiledWithProblems {
  workflow: CompiledWorkflow;
  /** One per expression that does not parse, located inside its string. */
  problems: Problem[];
  /** Every expression that parsed, by pointer, for the semantic checks. */
  expressions: Map<string, CompiledExpression>;
}

/** Phase 3: compiles every expression once, collecting all syntax errors instead of stopping at the first. */
export function compileCollecting(
  workflow: Workflow,
  options: { registry: StepRegistry; limits?: ExpressionLimits; file?: string },
): CompiledWithProblems {
  const problems: Problem[] = [];
  const expressions = new Map<string, CompiledExpression>();
  const compiled = compileWorkflow(workflow, {
    ...options,
    onSyntaxError: (pointer, error) => {
      problems.push({
        code: 'expression-syntax',
        pointer,
        offset: error.offset,
        message: `invalid expression: ${error.message}`,
      });
    },
    onExpression: ({ pointer, expression }) => {
      expressions.set(pointer, expression);
    },
  });
  return { workflow: compiled, problems, expressions };
}
