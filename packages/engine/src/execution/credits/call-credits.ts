import type { CreditSpend, CreditsReporter } from '../../contracts/credits.js';
import type { Logger } from '../../contracts/logger.js';
import { budgetError } from './budget-refusal.js';
import type { Budget } from './credit-budgets.js';
import type { CreditLedger, CreditPayer } from './credit-ledger.js';

/** What the call says about itself in a refusal, and where its spend is shown (the step's progress). */
export interface CallView {
  stepKey: string;
  stepId: string;
  progress: { credits?: CreditSpend };
  /** Where a call that spends more than its declared worst case is reported. */
  logger: Logger;
}

/**
 * The credits of one call of a step, over all its attempts: `ctx.credits` of the step. A metered
 * call holds its worst case from before an attempt sends until the attempt ends; what it reports
 * moves from held to spent as it comes, so a running call never counts less than it may spend.
 */
export class CallCredits implements CreditsReporter {
  private readonly spend: CreditSpend = { spent: 0, estimated: false };
  private held = 0;
  private reportedInAttempt = false;
  private spentInAttempt = 0;

  constructor(
    private readonly ledger: CreditLedger,
    private readonly payer: CreditPayer,
    private readonly view: CallView,
    /** Undefined for a step that is not metered: it may still report, but nothing is checked first. */
    private readonly worstCase?: number,
    private readonly budgets: readonly Budget[] = [],
  ) {
    if (worstCase !== undefined) view.progress.credits = this.spend;
  }

  /**
   * Before an attempt sends anything: holds the worst case (waiting, within the step's time, for
   * running calls to settle when only their holds are in the way), or throws the `budget` refusal.
   */
  reserve(signal: AbortSignal): Promise<void> | undefined {
    this.reportedInAttempt = false;
    this.spentInAttempt = 0;
    // Undefined, not a resolved promise, for a step that is not metered: most steps pay nothing here.
    if (this.worstCase === undefined) return undefined;
    return this.hold(this.worstCase, signal);
  }

  private async hold(worstCase: number, signal: AbortSignal): Promise<void> {
    const refusal = await this.ledger.reserve(this.payer, worstCase, this.budgets, signal);
    if (refusal) throw budgetError(refusal, this.view.stepKey, this.view.stepId);
    this.held = worstCase;
  }

  spent(amount: number, options?: { estimated?: boolean }): void {
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
      throw new Error(
        `${this.view.stepId} reported ${String(amount)} credits spent: a number, 0 or more, is needed`,
      );
    }
    const estimated = options?.estimated === true;
    this.view.progress.credits = this.spend;
    this.spend.spent += amount;
    if (estimated) this.spend.estimated = true;
    this.reportedInAttempt = true;
    this.spentInAttempt += amount;
    // What was spent is the truth whatever was declared: charged in full, so later checks see it.
    this.ledger.charge(this.payer, amount, estimated);
    const freed = Math.min(this.held, amount);
    this.held -= freed;
    this.ledger.release(this.payer, freed);
    if (this.worstCase !== undefined && this.spentInAttempt > this.worstCase) this.overWorstCase();
  }

  /** An attempt spent more than its declared worst case: budgets could not bound it, so operators are told. */
  private overWorstCase(): void {
    if (this.spend.overWorstCase) return;
    this.spend.overWorstCase = true;
    this.view.logger.warn(
      `Step "${this.view.stepKey}" (${this.view.stepId}) spent ${this.spentInAttempt} credits in one attempt, more than the worst case of ${this.worstCase} it declared: budgets were checked against too little, so its worst case needs raising`,
      {
        stepKey: this.view.stepKey,
        step: this.view.stepId,
        spent: this.spentInAttempt,
        worstCase: this.worstCase,
      },
    );
  }

  /** After an attempt: its hold goes back. A success that reported nothing is charged its worst case, estimated. */
  settle(succeeded: boolean): void {
    if (succeeded && !this.reportedInAttempt && this.worstCase !== undefined) {
      this.spent(this.worstCase, { estimated: true });
    }
    this.ledger.release(this.payer, this.held);
    this.held = 0;
  }
}
