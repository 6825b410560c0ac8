import type { SpentCredits } from '../../ports/events.js';
import type { CreditSpend, RunCredits } from '../../ports/run-credits.js';
import { cancellation } from '../deadline.js';
import type { Budget, BudgetScope } from './credit-budgets.js';
import { type EarlierSpend, earlierSpendByStep } from './earlier-spend.js';

/** Who a charge counts against: the run, the account it was made through, the workflow step. */
export interface CreditPayer {
  accountId: string;
  /** The workflow step's pointer: every iteration of a step in a loop counts against one tally. */
  stepPointer: string;
}

/** What a budget refused: enough to say spent, reserved, asked and allowed. */
export interface BudgetRefusal {
  budget: Budget;
  spent: number;
  reserved: number;
  asked: number;
}

interface Tally {
  spent: number;
  estimated: boolean;
  /** Worst cases reserved by calls still running, less what they already reported. */
  held: number;
}

/**
 * A run's credits: what was spent, and what running calls hold. A call reserves its worst case
 * before it sends, so calls running at once (forEach, parallel) can never together overshoot. A call
 * that only the holds of running calls keep out waits for them to settle rather than failing.
 */
export class CreditLedger {
  private readonly run: Tally = tally();
  private readonly accounts = new Map<string, Tally>();
  private readonly steps = new Map<string, Tally>();
  private used = false;
  /** Calls waiting for holds to be released. */
  private readonly waiting = new Set<() => void>();
  /** What a resumed run's earlier lives spent, by step key. */
  private earlier: ReadonlyMap<string, EarlierSpend> = new Map();

  /**
   * A resumed run starts from what its earlier lives were counted (the journal's records, failed
   * steps' and completed parts' included), before anything runs: every budget counts them.
   */
  resumeFrom(records: readonly SpentCredits[]): void {
    for (const record of records) {
      this.charge(
        { accountId: record.accountId, stepPointer: record.stepPointer },
        record.spent,
        record.estimated,
      );
    }
    this.earlier = earlierSpendByStep(records);
  }

  /** What the step at `stepKey` spent in the run's earlier lives, and the parts it completed. */
  earlierOf(stepKey: string): EarlierSpend | undefined {
    return this.earlier.get(stepKey);
  }

  /**
   * Holds `asked` against every tally of the payer once every budget has room. Resolves to the
   * refusal of a budget that cannot hold it whatever running calls end up spending. `kept`, of what
   * the payer's call holds already, is for requests it sent: no wait releases it, so a call that
   * keeps some is refused, not made to wait, when holds are in the way (two such calls waiting for
   * each other would wait for ever).
   */
  async reserve(
    payer: CreditPayer,
    asked: number,
    budgets: readonly Budget[],
    signal: AbortSignal,
    kept = 0,
  ): Promise<BudgetRefusal | undefined> {
    this.used = true;
    const tallies = this.talliesOf(payer);
    for (;;) {
      let blocking: Budget | undefined;
      for (const budget of budgets) {
        const { spent, held } = tallies[budget.scope];
        // Spent shrinks only by a refund, which nothing can wait for: no wait makes room.
        if (spent + kept + asked > budget.allowed) return { budget, spent, reserved: held, asked };
        if (spent + held + asked > budget.allowed) blocking ??= budget;
      }
      if (!blocking) break;
      if (kept > 0) {
        const { spent, held } = tallies[blocking.scope];
        return { budget: blocking, spent, reserved: held, asked };
      }
      await this.nextRelease(signal);
    }
    for (const each of Object.values(tallies)) each.held += asked;
    return undefined;
  }

  /** Gives back what a call held and no longer needs. */
  release(payer: CreditPayer, amount: number): void {
    if (amount <= 0) return;
    for (const each of Object.values(this.talliesOf(payer))) each.held -= amount;
    this.wakeWaiting();
  }

  private wakeWaiting(): void {
    const woken = [...this.waiting];
    this.waiting.clear();
    for (const wake of woken) wake();
  }

  /**
   * Takes back what was charged for something proven not to have happened (a write counted at its
   * worst case that its probe found absent): calls waiting for room look again.
   */
  refund(payer: CreditPayer, amount: number): void {
    if (amount <= 0) return;
    for (const each of Object.values(this.talliesOf(payer))) each.spent -= amount;
    this.wakeWaiting();
  }

  charge(payer: CreditPayer, amount: number, estimated: boolean): void {
    this.used = true;
    for (const each of Object.values(this.talliesOf(payer))) {
      each.spent += amount;
      if (estimated) each.estimated = true;
    }
  }

  /** The run's credits, or undefined when no step of it was metered or reported any. */
  summary(): RunCredits | undefined {
    if (!this.used) return undefined;
    const byAccount: Record<string, CreditSpend> = {};
    for (const [id, each] of this.accounts) byAccount[id] = { spent: each.spent, estimated: each.estimated };
    return { total: this.run.spent, estimated: this.run.estimated, byAccount };
  }

  private nextRelease(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(cancellation(signal.reason));
    return new Promise((resolve, reject) => {
      const wake = () => {
        signal.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        this.waiting.delete(wake);
        reject(cancellation(signal.reason));
      };
      this.waiting.add(wake);
      signal.addEventListener('abort', stop, { once: true });
    });
  }

  private talliesOf(payer: CreditPayer): Record<BudgetScope, Tally> {
    return {
      run: this.run,
      account: tallyIn(this.accounts, payer.accountId),
      step: tallyIn(this.steps, payer.stepPointer),
    };
  }
}

function tally(): Tally {
  return { spent: 0, estimated: false, held: 0 };
}

function tallyIn(tallies: Map<string, Tally>, key: string): Tally {
  let found = tallies.get(key);
  if (!found) {
    found = tally();
    tallies.set(key, found);
  }
  return found;
}
