import type { Journal, RunResult, StepTrace } from '../ports/events.js';
import { type Dependencies, optional } from '../runtime/service.js';

export interface MemoryJournalOptions {
  /** How many runs are kept; the oldest are dropped first. Default 100. */
  maxRuns?: number;
}

/** Binds the options of the container's MemoryJournal; optional. */
export const MEMORY_JOURNAL_OPTIONS = Symbol.for('toolsteps.MemoryJournalOptions');

const RECORDED: Promise<void> = Promise.resolve();

interface RunRecord {
  steps: StepTrace[];
  result?: RunResult;
}

/**
 * Step traces and run results kept in memory, for the CLI and tests. Bounded, so a long-lived
 * engine does not grow without limit: only the most recent runs are kept.
 */
export class MemoryJournal implements Journal {
  static readonly dependencies: Dependencies = [optional(MEMORY_JOURNAL_OPTIONS)];

  private readonly records = new Map<string, RunRecord>();
  private readonly maxRuns: number;

  constructor(options: MemoryJournalOptions = {}) {
    const maxRuns = options.maxRuns ?? 100;
    if (!Number.isInteger(maxRuns) || maxRuns < 1) {
      throw new RangeError(`MemoryJournal maxRuns must be a whole number of at least 1, got ${maxRuns}`);
    }
    this.maxRuns = maxRuns;
  }

  /** Kept at once: the promise is one already settled, so a step's await costs no new promise. */
  recordStep(runId: string, trace: StepTrace): Promise<void> {
    this.record(runId).steps.push(trace);
    return RECORDED;
  }

  recordRun(result: RunResult): Promise<void> {
    this.record(result.runId).result = result;
    return RECORDED;
  }

  /** Finished runs, oldest first. */
  runs(): RunResult[] {
    return [...this.records.values()].flatMap((record) => (record.result ? [record.result] : []));
  }

  run(runId: string): RunResult | undefined {
    return this.records.get(runId)?.result;
  }

  /** The step traces recorded for a run so far, in the order they finished; empty for an unknown run. */
  steps(runId: string): StepTrace[] {
    return [...(this.records.get(runId)?.steps ?? [])];
  }

  /** Ids of every run kept, finished or not, oldest first. */
  runIds(): string[] {
    return [...this.records.keys()];
  }

  private record(runId: string): RunRecord {
    let record = this.records.get(runId);
    if (!record) {
      record = { steps: [] };
      this.records.set(runId, record);
      for (const oldest of this.records.keys()) {
        if (this.records.size <= this.maxRuns) break;
        this.records.delete(oldest);
      }
    }
    return record;
  }
}
