import type { AccountSummary, Engine } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import type { ConnectTarget } from './connect-target.js';
import type { ConnectWait } from './connect-wait.js';

/**
 * The device flow, for a terminal without a browser: prints the code and where to enter it, then
 * polls (at the provider's pace) until the user approves or denies, the code expires, or the wait ends.
 */
export async function connectWithDevice(
  engine: Engine,
  target: ConnectTarget,
  options: { json?: boolean },
  wait: ConnectWait,
  cli: CliContext,
): Promise<AccountSummary> {
  try {
    const device = await engine.connect.device({ ...target.request, signal: wait.signal });
    if (options.json) {
      cli.output.jsonLine({
        userCode: device.userCode,
        verificationUri: device.verificationUri,
        expiresAt: device.expiresAt,
      });
    } else {
      cli.output.note(
        `To connect ${target.integration.title}, open this address in a browser and enter the code below (it expires at ${device.expiresAt}; Ctrl-C cancels):`,
      );
      cli.output.line(device.verificationUri);
      cli.output.line(`code: ${device.userCode}`);
    }
    return await device.complete(wait.signal);
  } catch (error) {
    throw wait.failure(error);
  }
}
