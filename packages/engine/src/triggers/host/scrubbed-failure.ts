import { StepError, toStepError } from '@toolsteps/sdk';
import type { SecretScrubber } from '../../ports/services.js';

/**
 * A failure as the host reports it (thrown to its caller, kept with a delivery, told to a listener):
 * a StepError with every known secret, webhook secrets included, scrubbed from its message and
 * details. Its cause is left out: an integration's own error may repeat a request whole.
 */
export function scrubbedFailure(scrubber: SecretScrubber, thrown: unknown): StepError {
  const failure = toStepError(thrown);
  const message = scrubber.scrub(failure.message);
  const details = failure.details === undefined ? undefined : scrubber.scrubValue(failure.details);
  if (
    thrown === failure &&
    failure.cause === undefined &&
    message === failure.message &&
    details === failure.details
  )
    return failure;
  return new StepError({ ...failure.toJSON(), message, details });
}

/** Runs `work`, rethrowing its failure scrubbed. */
export async function scrubbingFailures<T>(scrubber: SecretScrubber, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw scrubbedFailure(scrubber, error);
  }
}
