import { toStepError } from '@toolsteps/sdk';
import type { AnyCompiledBinding } from '../compiled-binding.js';
import type { DeliveryKey } from './delivery-queue.js';
import type { HostParts } from './host-parts.js';
import { type PollReport, pollBinding } from './poll-binding.js';

/**
 * Polls each followed binding at its interval on the engine's clock: at once, then `interval` after
 * each poll ends. Polls of one binding never overlap (a poll asked for by hand waits its turn), so
 * two polls never read the same cursor.
 */
export class PollScheduler {
  private readonly loops = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly parts: HostParts,
    private readonly offer: (key: DeliveryKey) => void,
  ) {}

  /** Polls now, after any poll of the binding in progress; a failure is told and thrown. */
  poll(binding: AnyCompiledBinding, signal: AbortSignal): Promise<PollReport> {
    const previous = this.turns.get(binding.id) ?? Promise.resolve();
    const turn = previous
      .catch(() => undefined)
      .then(() => pollBinding(this.parts, binding, this.offer, signal))
      .then(
        (report) => {
          this.parts.emit({ type: 'poll.finished', bindingId: binding.id, ...report });
          return report;
        },
        (error: unknown) => {
          if (!signal.aborted)
            this.parts.emit({
              type: 'poll.failed',
              bindingId: binding.id,
              error: toStepError(error).toJSON(),
            });
          throw error;
        },
      );
    this.turns.set(binding.id, turn);
    return turn;
  }

  follow(binding: AnyCompiledBinding): void {
    if (this.loops.has(binding.id)) return;
    const controller = new AbortController();
    const { signal } = controller;
    const intervalMs =
      binding.intervalMs ?? (binding.trigger.delivery === 'poll' ? binding.trigger.poll.intervalMs : 0);
    const done = (async () => {
      while (!signal.aborted) {
        // Told as `poll.failed`; the next poll tries again at the interval.
        await this.poll(binding, signal).catch(() => undefined);
        if (signal.aborted) return;
        try {
          await this.parts.clock.sleep(intervalMs, signal);
        } catch {
          return;
        }
      }
    })();
    this.loops.set(binding.id, { controller, done });
  }

  async unfollow(bindingId: string): Promise<void> {
    const loop = this.loops.get(bindingId);
    if (loop === undefined) return;
    this.loops.delete(bindingId);
    loop.controller.abort();
    await loop.done;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.loops.keys()].map((id) => this.unfollow(id)));
  }
}
