import type { RunResult } from '../contracts/events.js';

/**
 * The last line of a run that did not succeed: why, and where. Progress lines name failing steps, but
 * a run can also fail on its input or its output expression, where no step line says so.
 */
export function runFailureLine(result: RunResult): string {
  const { error } = result;
  if (!error) return `toolsteps: the run ${result.status}`;
  const where = [error.step && `step ${error.step}`, error.field].filter(Boolean).join(', ');
  return `toolsteps: the run ${result.status}: ${error.code}${where ? ` (${where})` : ''}: ${error.message}`;
}
