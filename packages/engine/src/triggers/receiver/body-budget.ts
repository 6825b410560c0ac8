import { StepError } from '@toolsteps/sdk';

/**
 * The largest body read: GitHub caps webhook payloads at 25 MB and never sends a larger one, so no
 * real delivery is refused. It is held in memory only while one request is verified, within the
 * budget every request shares (`BodyBudget`); lower it (`maxBodyBytes`) where the third party's
 * deliveries are known to be small.
 */
export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

/**
 * The bytes of delivery bodies held at once, across every request, by default: two of GitHub's
 * largest (25 MiB) fit, and a flood of senders holds no more than this whatever their number.
 */
export const DEFAULT_MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

/** What one request holds of a budget: taken chunk by chunk as its body arrives, given back once. */
export interface BodyLease {
  /** Bytes taken so far. */
  readonly taken: number;
  /** Takes `bytes` more, or false (taking nothing) when the budget has not that much left. */
  take(bytes: number): boolean;
  /** Gives back everything taken; later calls do nothing. */
  release(): void;
}

/**
 * A bound on the bytes of request bodies a receiver holds at once, shared by every request (and by
 * every host given the same budget). A request takes its body's bytes as they arrive and gives them
 * back when it is answered, whichever way it ends (answered, refused, errored, or its sender gone).
 */
export class BodyBudget {
  private held = 0;
  private peak = 0;

  constructor(readonly maxBytes: number = DEFAULT_MAX_BUFFERED_BYTES) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
      throw new StepError({
        code: 'validation',
        message: `A body budget is a whole number of bytes from 1 (got ${String(maxBytes)})`,
      });
  }

  /** Bytes held now, by requests not answered yet. */
  get heldBytes(): number {
    return this.held;
  }

  /** The most ever held at once. */
  get peakBytes(): number {
    return this.peak;
  }

  /** Whether `bytes` more would fit now (nothing is taken). */
  fits(bytes: number): boolean {
    return this.held + bytes <= this.maxBytes;
  }

  lease(): BodyLease {
    let taken = 0;
    let released = false;
    return {
      get taken() {
        return taken;
      },
      take: (bytes) => {
        if (released || !this.fits(bytes)) return false;
        taken += bytes;
        this.held += bytes;
        this.peak = Math.max(this.peak, this.held);
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.held -= taken;
      },
    };
  }
}
