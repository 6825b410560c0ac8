import type { RunResult } from '@toolsteps/engine';
import { printable } from './printable.js';

/**
 * The last line of a run that did not succeed: why, and where. Progress lines name failing steps, but
 * a run can also fail on its input or its output expression, where no step line says so. Its parts
 * (an upstream error, a step key from the file) are kept on the one line.
 */
export function runFailureLine(result: RunResult): string {
  const { error } = result;
  if (!error) return `toolsteps: the run ${result.status}`;
  const where = [error.step && `step ${error.step}`, error.field]
    .filter(Boolean)
    .map((part) => printable(String(part)))
    .join(', ');
  return `toolsteps: the run ${result.status}: ${printable(error.code)}${where ? ` (${where})` : ''}: ${printable(error.message)}`;
}
