import { describe, expect, it } from '@jest/globals';
import { StepError, toStepError } from '@toolsteps/sdk';

describe('StepError', () => {
  it('marks transient codes retryable by default and keeps the upstream status', () => {
    const error = new StepError({
      code: 'rate_limited',
      message: 'slow down',
      status: 429,
      retryAfterMs: 2000,
    });
    expect(error.retryable).toBe(true);
    expect(error.toJSON()).toEqual({
      code: 'rate_limited',
      message: 'slow down',
      retryable: true,
      status: 429,
      retryAfterMs: 2000,
    });
    expect(new StepError({ code: 'validation', message: 'bad' }).retryable).toBe(false);
  });

  it('turns a thrown non-Error into a StepError that says what was thrown', () => {
    expect(toStepError({ oops: 1 }).message).toBe('The step threw a non-Error value: {"oops":1}');
    expect(toStepError(undefined).message).toBe('The step threw a non-Error value: undefined');
    expect(toStepError('boom').code).toBe('upstream');
  });

  it('names the step and field it happened in without losing the code', () => {
    const located = new StepError({ code: 'not_found', message: 'gone', status: 404 }).at(
      'ticket',
      '/args/id',
    );
    expect(located.toJSON()).toMatchObject({
      code: 'not_found',
      step: 'ticket',
      field: '/args/id',
      status: 404,
    });
  });
});
