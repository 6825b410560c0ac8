import type { SpentCredits } from '../../ports/events.js';
import type { CreditSpend } from '../../ports/run-credits.js';

/** What one step of a resumed run spent before, over all its records, and the parts it completed. */
export interface EarlierSpend {
  spend: CreditSpend;
  /** Of its spend, the worst cases of writes whose outcome is still unknown (SpentCredits.unknown). */
  unknownWrites: number;
  /** Values of the parts it recorded done (`ctx.parts`), by name; the latest record of a name wins. */
  parts: ReadonlyMap<string, unknown>;
}

/** The journal's credit records of a run, summed by step key. */
export function earlierSpendByStep(records: readonly SpentCredits[]): Map<string, EarlierSpend> {
  const byStep = new Map<string, EarlierSpend & { parts: Map<string, unknown> }>();
  for (const record of records) {
    let step = byStep.get(record.stepKey);
    if (!step) {
      step = { spend: { spent: 0, estimated: false }, unknownWrites: 0, parts: new Map() };
      byStep.set(record.stepKey, step);
    }
    step.spend.spent += record.spent;
    if (record.estimated) step.spend.estimated = true;
    if (record.unknown !== undefined) step.unknownWrites += record.unknown;
    if (record.part) step.parts.set(record.part.name, record.part.value);
  }
  return byStep;
}
