/**
 * The pattern of a `{% … %}` expression in a JSON Schema: where a workflow or a binding may give an
 * expression instead of a value, its schema has this pattern, and messages call it an expression.
 */
export const EXPRESSION_PATTERN = '^\\s*\\{%[\\s\\S]*%\\}\\s*$';
