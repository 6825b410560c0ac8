import type { StepError } from '@toolsteps/sdk';
import {
  type OutgoingParts,
  refuseForeignCredentials,
  SecretScrubber,
} from '../../../../src/secrets/index.js';

/**
 * Account B's outgoing requests, checked as its HTTP client checks them before they leave: the
 * scrubber knows B's token and the other accounts' tokens given. `refusal` answers what a request
 * is refused for, or undefined when it may leave.
 */
export function requestsOfAccountB(tokenOfB: string, otherTokens: string[]) {
  const scrubber = new SecretScrubber();
  for (const token of [...otherTokens, tokenOfB]) scrubber.add(token);
  const ownedByB = (secret: string) => secret === tokenOfB;
  const refusal = (parts: Partial<OutgoingParts>): StepError | undefined => {
    try {
      refuseForeignCredentials({ url: '/x', headers: {}, ...parts }, scrubber, ownedByB, 'Notes');
      return undefined;
    } catch (error) {
      return error as StepError;
    }
  };
  return { scrubber, refusal };
}
