import { StepError } from '@toolsteps/sdk';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Control characters other than tab: CR and LF could smuggle a header, and no valid value holds any. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const FORBIDDEN_IN_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;

/**
 * Refuses a header that could smuggle another header or request (CR, LF, NUL), or that the transport
 * would refuse after the request was counted as sent (any other control character). The value is
 * never echoed: it is usually a credential.
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
      message: `The value of header "${name}" contains a control character such as a line break or NUL (or is not text); it was refused so it cannot inject other headers`,
    });
  }
}
