import type ms from 'ms';
import { msLibrary } from './ms-library.js';
import type { DurationSpec } from './workflow-schema.js';

/** `"30s"`, `"2m"`, `"500ms"` or a number of milliseconds, as the workflow schema allows. */
export function toMilliseconds(duration: DurationSpec): number {
  if (typeof duration === 'number') return duration;
  const parsed = msLibrary()(duration.trim() as ms.StringValue);
  if (typeof parsed !== 'number' || !Number.isFinite(parsed))
    throw new Error(`Not a duration: "${duration}"`);
  return parsed;
}
