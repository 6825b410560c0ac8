import { expressionFacts } from '../../expressions/expression-facts.js';
import type { Problem } from '../../workflow/diagnostic.js';
import type { BindingCheckInput } from './binding-check-input.js';

/** A filter whose very form yields something other than true or false (`{% $event.issue.title %}` aside) can never decide. */
export function checkFilterKind({ expressions }: BindingCheckInput): Problem[] {
  const filter = expressions.get('/filter');
  const kind = filter === undefined ? undefined : expressionFacts(filter).kind;
  if (kind === undefined || kind === 'boolean') return [];
  const what = kind === 'null' ? 'null' : kind === 'object' ? 'an object' : `a ${kind}`;
  return [
    {
      code: 'invalid-filter',
      pointer: '/filter',
      message: `the filter must yield true or false, but this expression always yields ${what}`,
      hint: "compare or test something, e.g. {% 'bug' in $event.issue.labels.name %}",
    },
  ];
}
