/** What a run's result and its journal say was spent (what a step declares and reports: `sdk/credits.ts`). */

/** What a call, an account or a run spent. */
export interface CreditSpend {
  spent: number;
  /** True when some of it was computed by the step's pricing rules rather than reported by the provider. */
  estimated: boolean;
  /**
   * Set on a step's credits when an attempt reported more than the worst case it declared: the
   * truth is counted (budgets checked later see it), and the step under-declares its worst case.
   */
  overWorstCase?: true;
}

/** The credits of a whole run: in total and per connected account (by account id). */
export interface RunCredits {
  total: number;
  /** True when some of the total was estimated. */
  estimated: boolean;
  byAccount: Record<string, CreditSpend>;
}
