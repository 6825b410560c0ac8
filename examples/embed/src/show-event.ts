import type { RunEvent } from '@toolsteps/engine';

/** One line per progress event, as an agent runtime would stream them to its user. */
export function showEvent(event: RunEvent): void {
  console.log(describeEvent(event));
}

function describeEvent(event: RunEvent): string {
  switch (event.type) {
    case 'run.started':
      return `run.started ${event.workflowId}${event.resumed ? ' (resumed)' : ''}`;
    case 'step.started':
      return `step.started ${event.stepKey} (attempt ${event.attempt})`;
    case 'step.retrying':
      return `step.retrying ${event.stepKey} in ${event.delayMs} ms after ${event.error.code}`;
    case 'step.probed':
      return `step.probed ${event.stepKey}: ${event.write}; ${event.found ? 'found done' : 'not found'}`;
    case 'step.succeeded':
      return `step.succeeded ${event.stepKey} in ${event.durationMs} ms`;
    case 'step.failed':
      return `step.failed ${event.stepKey}: ${event.error.code}${event.caught ? ' (caught)' : ''}`;
    case 'step.skipped':
      return `step.skipped ${event.stepKey}: ${event.reason}`;
    case 'run.finished':
      return `run.finished ${event.status} in ${event.durationMs} ms`;
    default:
      // A new event type fails the typecheck here, so the examples keep showing every one.
      return unknownEvent(event);
  }
}

function unknownEvent(event: never): string {
  return `unknown event ${JSON.stringify(event)}`;
}
