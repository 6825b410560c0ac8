import { describe, expect, it } from '@jest/globals';
import { isStepError, StepError, toStepError } from '@toolsteps/sdk';

// A step package may bring its own copy of the sdk (an install that did not dedupe): a second module
// instance, so a second StepError class. The query string makes Jest load the file afresh.
const other = (await import(`${'../src/step-error.js'}?another-copy`)) as typeof import('@toolsteps/sdk');

describe('a StepError of another copy of the sdk', () => {
  const foreign = new other.StepError({ code: 'rate_limited', message: 'slow down', status: 429 });

  it('comes from a class of its own', () => {
    expect(other.StepError).not.toBe(StepError);
  });

  it('is a StepError to this copy, and this copy’s are StepErrors to it', () => {
    expect(foreign instanceof StepError).toBe(true);
    expect(isStepError(foreign)).toBe(true);
    expect(new StepError({ code: 'timeout', message: 'late' }) instanceof other.StepError).toBe(true);
  });

  it('passes through toStepError as it is, keeping its code, status and retryability', () => {
    const mapped = toStepError(foreign);
    expect(mapped).toBe(foreign);
    expect(mapped.toJSON()).toEqual({
      code: 'rate_limited',
      message: 'slow down',
      retryable: true,
      status: 429,
    });
  });

  it('is not confused with an Error that only looks like one', () => {
    const lookalike = Object.assign(new Error('slow down'), { name: 'StepError', code: 'rate_limited' });
    expect(lookalike instanceof StepError).toBe(false);
    expect(isStepError(lookalike)).toBe(false);
    expect(isStepError({ code: 'rate_limited', message: 'slow down' })).toBe(false);
    expect(toStepError(lookalike).code).toBe('upstream');
  });

  it('leaves subclasses to the usual prototype check', () => {
    class NotFound extends StepError {}
    expect(new NotFound({ code: 'not_found', message: 'gone' }) instanceof StepError).toBe(true);
    expect(foreign instanceof NotFound).toBe(false);
    expect(new StepError({ code: 'not_found', message: 'gone' }) instanceof NotFound).toBe(false);
  });
});
