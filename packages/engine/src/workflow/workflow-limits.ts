/** Far beyond any hand-written workflow (thousands of steps), far below what would exhaust memory. */
export const DEFAULT_MAX_WORKFLOW_BYTES = 4 * 1024 * 1024;

/**
 * A compiled expression holds 15–25 KB (JSONata's own tree and environment), so 4 MiB of tiny
 * expressions would need gigabytes; 10,000 distinct ones stay within about 250 MB.
 */
export const DEFAULT_MAX_EXPRESSIONS = 10_000;
