import { REGEX_LIMITS } from '@toolsteps/sdk/schema';

/** What one evaluation may spend: time, stack, and the size of what it builds (so memory). */
export interface ExpressionLimits {
  /** Longest evaluation before it is stopped as a runaway; default 1000 ms. */
  timeoutMs: number;
  /** Deepest evaluation stack; default 300. */
  maxDepth: number;
  /** Longest string an expression may build, in characters; default 10,000,000. */
  maxStringLength?: number;
  /** Most items in an array an expression may build; default 1,000,000. */
  maxArrayLength?: number;
}

export const DEFAULT_LIMITS = {
  timeoutMs: 1000,
  maxDepth: 300,
  maxStringLength: 10_000_000,
  maxArrayLength: 1_000_000,
} satisfies Required<ExpressionLimits>;

/** Limits with every field set: callers may pass only the two original ones. */
export function completeLimits(limits: ExpressionLimits): Required<ExpressionLimits> {
  return {
    timeoutMs: limits.timeoutMs ?? DEFAULT_LIMITS.timeoutMs,
    maxDepth: limits.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxStringLength: limits.maxStringLength ?? DEFAULT_LIMITS.maxStringLength,
    maxArrayLength: limits.maxArrayLength ?? DEFAULT_LIMITS.maxArrayLength,
  };
}

/** What each kind of limit counts, worded for the error message. */
const KINDS = {
  string: { verb: 'build a string of', unit: 'characters' },
  array: { verb: 'build an array of', unit: 'items' },
  picture: { verb: 'read a picture of', unit: 'characters' },
  comparison: { verb: 'compare', unit: 'pairs of values' },
  regex: { verb: 'take', unit: 'regex steps (program size × text length)' },
} as const;

/**
 * A value an expression was about to build (or work it was about to do) is over a limit. Thrown
 * before the allocation, so the host never runs out of memory nor blocks; the template layer turns
 * it into an `expression` StepError naming the step and field.
 */
export class ExpressionLimitError extends Error {
  override readonly name = 'ExpressionLimitError';
  constructor(
    readonly builder: string,
    readonly kind: keyof typeof KINDS,
    readonly size: number,
    readonly limit: number,
    /** True when counting stopped at the limit: the message then says "more than". */
    atLeast = false,
  ) {
    const { verb, unit } = KINDS[kind];
    super(
      `${builder} would ${verb} ${atLeast ? 'more than ' : ''}${size} ${unit}, over the ${limit} limit of an expression`,
    );
  }
}

/**
 * Fixed ceilings, far beyond any real use, on work a single built-in call does out of reach of the
 * timeout (JSONata checks it between nodes, never inside one call).
 */
export const WORK_LIMITS = {
  /** Pictures of $formatNumber, $formatInteger, $parseInteger, $fromMillis, $now, $toMillis: parsed in quadratic time. */
  maxPictureLength: 1000,
  /** Instructions of a compiled regex, and program size × text length of one search. */
  ...REGEX_LIMITS,
  /** Pairs of values one `=`, `!=` or $distinct may compare, per allowed array item. */
  comparisonsPerArrayItem: 10,
} as const;

export function checkStringSize(
  builder: string,
  size: number,
  limits: Required<ExpressionLimits>,
  atLeast = false,
): void {
  if (size > limits.maxStringLength) {
    throw new ExpressionLimitError(
      builder,
      'string',
      atLeast ? limits.maxStringLength : size,
      limits.maxStringLength,
      atLeast,
    );
  }
}

export function checkArraySize(builder: string, size: number, limits: Required<ExpressionLimits>): void {
  if (size > limits.maxArrayLength)
    throw new ExpressionLimitError(builder, 'array', size, limits.maxArrayLength);
}
