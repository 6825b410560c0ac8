import type { StepParts } from '@toolsteps/sdk';
import type { SpentCredits } from '../../ports/events.js';

/**
 * `ctx.parts` of one call: the parts its earlier attempts and the run's earlier lives completed, and
 * those it completes now, each journaled with the credits counted since the call's last record.
 */
export class CallParts implements StepParts {
  private readonly done: Map<string, unknown>;

  constructor(
    earlier: ReadonlyMap<string, unknown> | undefined,
    private readonly journal: (part: NonNullable<SpentCredits['part']>) => Promise<void>,
  ) {
    this.done = new Map(earlier);
  }

  get<T = unknown>(name: string): T | undefined {
    return this.done.get(name) as T | undefined;
  }

  record(name: string, value: unknown): Promise<void> {
    if (typeof name !== 'string' || name === '') {
      throw new Error(`A part is recorded under a name (a non-empty string), not ${String(name)}`);
    }
    // Kept as the journal keeps it, so an attempt gets back what a resumed run would.
    const kept = jsonCopy(name, value);
    this.done.set(name, kept);
    return this.journal({ name, value: kept });
  }
}

function jsonCopy(name: string, value: unknown): unknown {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (error) {
    throw new Error(
      `Part "${name}" cannot be recorded: its value has no JSON form (${(error as Error).message})`,
    );
  }
  if (text === undefined) throw new Error(`Part "${name}" cannot be recorded: its value has no JSON form`);
  return JSON.parse(text);
}
