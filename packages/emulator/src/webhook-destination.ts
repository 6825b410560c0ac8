import type { HostAllowList } from './loopback-host.js';

/**
 * Why an emulator does not send a webhook to this URL, or undefined when it may. A hook is registered
 * through the emulator's API, so without this anyone who can call it could make it POST to any server
 * (another machine of the network, a cloud metadata address). Loopback always; other hosts only when
 * the emulator was told (its `hookHosts`, `toolsteps emulate --hook-host <name>`).
 */
export function webhookDestinationRefusal(url: string, hosts: HostAllowList): string | undefined {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return `not delivered: ${JSON.stringify(url)} is not a URL`;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return `not delivered: ${target.protocol} is not http or https`;
  if (hosts.allows(target.hostname)) return undefined;
  return `not delivered: ${target.hostname} is not loopback, and the emulator sends webhooks to loopback only unless told (hookHosts, toolsteps emulate --hook-host <name>)`;
}
