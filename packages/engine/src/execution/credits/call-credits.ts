import type { CreditsReporter, Logger, StepParts } from '@toolsteps/sdk';
import type { SpentCredits } from '../../ports/events.js';
import type { CreditSpend } from '../../ports/run-credits.js';
import type { SendEndListener, SentRequest } from '../../ports/services.js';
import type { RunRecorder } from '../run-recorder.js';
import { budgetError } from './budget-refusal.js';
import { CallParts } from './call-parts.js';
import type { Budget } from './credit-budgets.js';
import type { CreditLedger, CreditPayer } from './credit-ledger.js';
import type { EarlierSpend } from './earlier-spend.js';

/** What the call says about itself in a refusal, and where its spend is shown (the step's progress). */
export interface CallView {
  stepKey: string;
  stepId: string;
  progress: { credits?: CreditSpend };
  /** Where a call that spends more than its declared worst case is reported. */
  logger: Logger;
  /** Where its credits are journaled as they are counted. */
  recorder: RunRecorder;
}

/** How a metered call finds its worst case, and the budgets it counts against. */
export interface CallMeter {
  /** The most an attempt could spend, given the parts of the call already done (asked before each attempt). */
  worstCase: (done: StepParts) => number;
  budgets: readonly Budget[];
}

const RECORDED: Promise<void> = Promise.resolve();

/**
 * The credits of one call of a step, over all its attempts (and, resumed, the run's earlier lives):
 * `ctx.credits` of the step. A metered call holds its worst case from before an attempt sends until
 * the attempt ends; what it reports moves from held to spent as it comes, so a running call never
 * counts less than it may spend. A try whose outcome is unknown (a 5xx, no complete answer, still in
 * flight when the attempt ended) may have been charged with nothing to report it: it is charged its
 * worst case, estimated, and every try is checked against the budgets before it leaves.
 */
export class CallCredits implements CreditsReporter {
  private readonly spend: CreditSpend;
  private held = 0;
  /** The current attempt's worst case, asked as it starts. */
  private worstCase = 0;
  private reportedInAttempt = false;
  private spentInAttempt = 0;
  /** Between `reserve` and `settle`: only an attempt's tries are metered (a probe's are not). */
  private attemptOpen = false;
  /** Metered tries that left and have not ended, with what each may cost. */
  private readonly inFlight = new Map<SentRequest, number>();
  /** The worst cases of the metered tries in flight, together. */
  private inFlightWorst = 0;
  /**
   * The worst cases of tries answered 2xx since the step last reported credits: what they cost is not
   * counted yet (a report is taken to cover every try answered before it).
   */
  private answeredUnreported = 0;
  /** A try of the call was counted at its worst case, its outcome unknown: what a refusal explains. */
  private countedUnknown = false;
  /**
   * Of what the call counted (its earlier lives' included), the worst cases of writes whose outcome
   * is unknown: what its probe gives back when it proves them absent.
   */
  private unknownWrites: number;
  /** Counted since the last journal record. */
  private unrecorded = 0;
  private unrecordedEstimated = false;
  private unrecordedUnknown = 0;
  private callParts?: CallParts;

  constructor(
    private readonly ledger: CreditLedger,
    private readonly payer: CreditPayer,
    private readonly view: CallView,
    /** Undefined for a step that is not metered: it may still report, but nothing is checked first. */
    private readonly meter?: CallMeter,
    /** What this step spent before the run was resumed (already in the ledger), and its parts. */
    private readonly earlier?: EarlierSpend,
  ) {
    this.spend = earlier ? { ...earlier.spend } : { spent: 0, estimated: false };
    this.unknownWrites = earlier?.unknownWrites ?? 0;
    if (meter || earlier) view.progress.credits = this.spend;
  }

  /** Whether the step declares a worst case: only then are its tries checked and watched. */
  get metered(): boolean {
    return this.meter !== undefined;
  }

  /** `ctx.parts`: made on first use, as most steps work in one piece. */
  get parts(): CallParts {
    this.callParts ??= new CallParts(this.earlier?.parts, (part) => this.record(part));
    return this.callParts;
  }

  /**
   * Before an attempt sends anything: holds its worst case, less the parts already done (waiting,
   * within the step's time, for running calls to settle when only their holds are in the way), or
   * throws the `budget` refusal.
   */
  reserve(signal: AbortSignal): Promise<void> | undefined {
    this.reportedInAttempt = false;
    this.spentInAttempt = 0;
    this.answeredUnreported = 0;
    // Undefined, not a resolved promise, for a step that is not metered: most steps pay nothing here.
    if (this.meter === undefined) return undefined;
    this.attemptOpen = true;
    this.worstCase = this.meter.worstCase(this.parts);
    // Nothing left to buy (every part done): spent past a budget refuses nothing more.
    return this.worstCase === 0 ? undefined : this.hold(this.worstCase, signal);
  }

  private async hold(worstCase: number, signal: AbortSignal, request?: SentRequest, kept = 0): Promise<void> {
    const budgets = this.meter?.budgets ?? [];
    const refusal = await this.ledger.reserve(this.payer, worstCase, budgets, signal, kept);
    if (refusal) {
      const refused = request && { request, afterUnknown: this.countedUnknown };
      throw budgetError(refusal, this.view.stepKey, this.view.stepId, refused);
    }
    this.held += worstCase;
  }

  /**
   * Before each try of a request of a metered attempt (`beforeTry`): what the attempt holds, less
   * what its tries already sent may still be charged (answered or in flight, not reported yet), must
   * cover what this try may cost, else the try holds it anew, every budget checked, so a retry after
   * an unknown outcome (charged its worst case) leaves only when the budgets can pay for it too.
   */
  beforeTry(request: SentRequest, signal: AbortSignal): Promise<void> | undefined {
    if (!this.attemptOpen) return undefined;
    const needed = this.worstCaseOf(request);
    // What the attempt's tries in flight, or answered and not reported yet, may cost: never lent.
    const owed = Math.min(this.held, this.inFlightWorst + this.answeredUnreported);
    if (this.held - owed >= needed) return undefined;
    // The rest given back first: a call waiting for room holds only what its sent tries may cost.
    this.ledger.release(this.payer, this.held - owed);
    this.held = owed;
    return this.hold(needed, signal, request, owed);
  }

  /** A try of a metered attempt left (`onSent`): the listener hears how it ended. */
  sent(request: SentRequest): SendEndListener | undefined {
    if (!this.attemptOpen) return undefined;
    const worstCase = this.worstCaseOf(request);
    if (worstCase === 0) return undefined;
    this.inFlight.set(request, worstCase);
    this.inFlightWorst += worstCase;
    return (end, _reason, status) => {
      // Settled with the attempt already when it ended after it.
      if (!this.inFlight.delete(request)) return;
      this.inFlightWorst -= worstCase;
      if (end === 'unknown') this.unknownOutcome(worstCase, request.safeToRepeat);
      // Answered other than 2xx: an error, taken as not charged.
      else if (status !== undefined && status >= 200 && status <= 299) this.answeredUnreported += worstCase;
    };
  }

  private worstCaseOf(request: SentRequest): number {
    return request.worstCaseCredits ?? this.worstCase;
  }

  /** A try that may have been charged, with no answer to say what: counted at its worst case. */
  private unknownOutcome(worstCase: number, safeToRepeat: boolean): void {
    this.countedUnknown = true;
    this.count(worstCase, true);
    // A write's worst case goes back if the step's probe proves it absent.
    if (!safeToRepeat) {
      this.unknownWrites += worstCase;
      this.unrecordedUnknown += worstCase;
    }
    const freed = Math.min(this.held, worstCase);
    this.held -= freed;
    this.ledger.release(this.payer, freed);
  }

  spent(amount: number, options?: { estimated?: boolean }): void {
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
      throw new Error(
        `${this.view.stepId} reported ${String(amount)} credits spent: a number, 0 or more, is needed`,
      );
    }
    this.count(amount, options?.estimated === true);
    this.reportedInAttempt = true;
    this.spentInAttempt += amount;
    this.answeredUnreported = 0;
    const freed = Math.min(this.held, amount);
    this.held -= freed;
    this.ledger.release(this.payer, freed);
    if (this.attemptOpen && this.spentInAttempt > this.worstCase) this.overWorstCase();
  }

  /** What was spent is the truth whatever was declared: charged in full, so later checks see it. */
  private count(amount: number, estimated: boolean): void {
    this.view.progress.credits = this.spend;
    this.spend.spent += amount;
    if (estimated) this.spend.estimated = true;
    this.ledger.charge(this.payer, amount, estimated);
    this.unrecorded += amount;
    if (estimated) this.unrecordedEstimated = true;
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

  /**
   * After an attempt: a try still in flight is charged its worst case (it may yet be charged), a
   * success that reported nothing its worst case too, and a failure what its answered tries may have
   * cost beyond what it reported (it failed before it could), all estimated; the hold goes back. The
   * promise, when there is one, is the journal's record of what the attempt was counted.
   */
  settle(succeeded: boolean): Promise<void> | undefined {
    if (this.attemptOpen) {
      for (const [request, worstCase] of this.inFlight) this.unknownOutcome(worstCase, request.safeToRepeat);
      this.inFlight.clear();
      this.inFlightWorst = 0;
      if (succeeded && !this.reportedInAttempt) this.spent(this.worstCase, { estimated: true });
      if (!succeeded && this.answeredUnreported > 0) this.count(this.answeredUnreported, true);
      this.attemptOpen = false;
    }
    this.ledger.release(this.payer, this.held);
    this.held = 0;
    if (this.unrecorded === 0 && this.unrecordedUnknown === 0) return undefined;
    return this.record();
  }

  /**
   * The step's probe proved its writes absent: what they were counted at their worst case, their
   * outcome unknown, cost nothing. It is given back, and journaled so, before they are sent again.
   */
  writesProvenAbsent(): Promise<void> | undefined {
    const amount = this.unknownWrites;
    if (amount <= 0) return undefined;
    this.unknownWrites = 0;
    this.spend.spent -= amount;
    this.unrecorded -= amount;
    this.unrecordedUnknown -= amount;
    this.ledger.refund(this.payer, amount);
    return this.record();
  }

  /**
   * A resumed run's probe found a write its earlier life sent: it stands at the call's worst case,
   * estimated, unless what that life recorded counts it already (its attempt ended, counting it
   * unknown, before the run stopped). A write left in flight by a crash was never counted.
   */
  writeFound(): Promise<void> | undefined {
    if (this.meter === undefined || this.unknownWrites > 0) return undefined;
    const worstCase = this.meter.worstCase(this.parts);
    if (worstCase === 0) return undefined;
    this.count(worstCase, true);
    return this.record();
  }

  /** Journals what was counted since the last record, with the part of the work it paid for. */
  private record(part?: SpentCredits['part']): Promise<void> {
    const credits: SpentCredits = {
      stepKey: this.view.stepKey,
      accountId: this.payer.accountId,
      stepPointer: this.payer.stepPointer,
      spent: this.unrecorded,
      estimated: this.unrecordedEstimated,
    };
    if (this.unrecordedUnknown !== 0) credits.unknown = this.unrecordedUnknown;
    if (part) credits.part = part;
    this.unrecorded = 0;
    this.unrecordedEstimated = false;
    this.unrecordedUnknown = 0;
    const { recorder } = this.view;
    return recorder.recordsCredits ? recorder.recordCredits(credits) : RECORDED;
  }
}
