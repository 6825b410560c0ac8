/**
 * Metered credits: what a third party charges per call (e.g. an enrichment provider's credits per
 * record). Any integration may meter its steps; the engine checks budgets before a step sends.
 */

/**
 * A step's metering (`defineStep({ credits: { worstCase } })`). The engine reserves the worst case
 * before the step runs and refuses to run it when a budget cannot hold it.
 */
export interface StepCredits<I> {
  /**
   * The most credits a call with this input could spend, a finite number ≥ 0. A bulk step counts
   * the worst case of its whole batch: the worst case per record × the records. Asked before each
   * attempt with the parts of the call already done and paid for (`ctx.parts`, which a retry or a
   * resumed run takes back): a step that works in parts counts only those it has still to do.
   */
  worstCase: (input: I, done: Pick<StepParts, 'get'>) => number;
}

/** `ctx.credits`: how a step says what it spent. */
export interface CreditsReporter {
  /**
   * Adds `amount` to what this call spent; call it once per charge, or once with the total.
   * `estimated: true` when the provider's answer did not say and the step computed it by its rules.
   * A metered call that succeeds without reporting is charged its worst case, labelled estimated; so
   * is each request it sent whose outcome is unknown (a 5xx, a timeout after sending), which no
   * answer can report.
   */
  spent(amount: number, options?: { estimated?: boolean }): void;
}

/**
 * `ctx.parts`: a call's work done so far, for a step that works in parts (a bulk call sent in
 * batches). Each part is recorded as it completes, with the credits the call reported since its last
 * record: a later attempt of the call, or the run resumed (in another process too), gets it back
 * instead of doing, and paying for, it again, and the run's budgets count what it cost.
 */
export interface StepParts {
  /** What this call (this step of this run) recorded under `name`: in an earlier attempt, or before the run was resumed. */
  get<T = unknown>(name: string): T | undefined;
  /**
   * Records `name` done with `value` (JSON; stored with secrets scrubbed), and the credits reported
   * since the call's last record. Resolves once a journal runs resume from has it: await it before
   * the next part.
   */
  record(name: string, value: unknown): Promise<void>;
}

/** An integration's credits: where an account's own budget is kept. */
export interface IntegrationCredits {
  /**
   * The account setting (declared in `connection`) holding the most credits one run may spend
   * through that account, e.g. `maxCreditsPerRun`. Unset on an account means no account budget.
   */
  accountBudgetSetting?: string;
}
