import type { RunObserver } from '@toolsteps/engine';

type Notify = (notification: {
  method: 'notifications/progress';
  params: { progressToken: string | number; progress: number; message: string };
}) => Promise<void>;

/**
 * Tells an MCP client that asked for progress (a `progressToken`) how a long call goes: each step
 * starting, waiting to retry, ending. `progress` counts up, as MCP requires; no total is known.
 * Notifications that cannot be sent (the client went) are dropped: they never fail the call.
 */
export function progressNotifier(
  progressToken: string | number | undefined,
  notify: Notify,
): RunObserver | undefined {
  if (progressToken === undefined) return undefined;
  let progress = 0;
  return (event) => {
    const message = describe(event);
    if (message === undefined) return;
    progress += 1;
    notify({ method: 'notifications/progress', params: { progressToken, progress, message } }).catch(
      () => {},
    );
  };
}

function describe(event: Parameters<RunObserver>[0]): string | undefined {
  switch (event.type) {
    case 'step.started':
      return event.attempt > 1 ? `${event.step} started (attempt ${event.attempt})` : `${event.step} started`;
    case 'step.retrying':
      return `${event.step} waits ${Math.ceil(event.delayMs / 1000)} s before trying again: ${event.error.message}`;
    case 'step.succeeded':
      return `${event.step ?? event.id} done`;
    case 'step.failed':
      return `${event.step ?? event.id} failed: ${event.error.code}`;
    default:
      return undefined;
  }
}
