import { StepError } from '../contracts/step-error.js';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FORBIDDEN_IN_VALUE = /[\r\n\0]/;

/**
 * Refuses a header that could smuggle another header or request (CR, LF, NUL). The value is never
 * echoed: it is usually a credential.
 */
export function assertSafeHeader(name: string, value: string): void {
  if (!HEADER_NAME.test(name)) {
    throw new StepError({
      code: 'validation',
      message: `Header name "${name.slice(0, 60)}" is not a valid HTTP header name`,
    });
  }
  if (typeof value !== 'string' || FORBIDDEN_IN_VALUE.test(value)) {
    throw new StepError({
      code: 'validation',
      message: `The value of header "${name}" contains a line break or NUL character (or is not text); it was refused so it cannot inject other headers`,
    });
  }
}
