import { join } from 'node:path';
import type { BindingSource, TriggerHandlerContext } from '../../../src/index.js';
import { BOARD } from '../binding-helpers.js';

/** Bug cards of the roadmap board handed to an agent runtime's `startAgent`, as a binding file says it. */
export const AGENT_ON_BUGS = {
  id: 'agent-on-bugs',
  trigger: 'board.new_card',
  account: 'Demo board',
  config: { board: 'roadmap' },
  filter: "{% 'bug' in $event.card.labels %}",
  handler: 'startAgent',
  input: {
    cardId: '{% $event.card.id %}',
    title: '{% $event.card.title %}',
    urgent: "{% 'urgent' in $event.card.labels %}",
  },
};

/** A binding's text, as if it were a file beside the board's workflows. */
export function bindingSource(binding: object): BindingSource {
  const { id } = binding as { id: string };
  return { text: JSON.stringify(binding, null, 2), file: join(BOARD, `${id}.binding.json`) };
}

export interface HandlerCall {
  input: unknown;
  context: TriggerHandlerContext;
}

/**
 * What an agent runtime registers as a handler, recording each call. `hold()` makes the calls that
 * follow wait until `release()`; `failNext(thrown)` makes the next call throw that.
 */
export class RecordingHandler {
  readonly calls: HandlerCall[] = [];
  /** Calls begun and not yet ended. */
  inFlight = 0;
  /** The most calls that were in flight at once. */
  mostInFlight = 0;
  private gate: Promise<void> | undefined;
  private open: (() => void) | undefined;
  private failures: unknown[] = [];

  readonly handle = async (input: unknown, context: TriggerHandlerContext): Promise<void> => {
    this.calls.push({ input, context });
    this.inFlight += 1;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    try {
      if (this.gate !== undefined) await this.gate;
      if (this.failures.length > 0) throw this.failures.shift();
    } finally {
      this.inFlight -= 1;
    }
  };

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve;
    });
  }

  release(): void {
    this.open?.();
    this.gate = undefined;
  }

  failNext(thrown: unknown): void {
    this.failures.push(thrown);
  }

  /** Resolves once `count` calls have begun, however late. */
  async called(count: number): Promise<void> {
    while (this.calls.length < count) await new Promise((resolve) => setImmediate(resolve));
  }
}
