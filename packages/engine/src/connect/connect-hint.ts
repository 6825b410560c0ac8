import type { Integration } from '@toolsteps/sdk';

/** What a runtime needs to start connecting an account of an integration, as `not_connected` carries it. */
export interface ConnectHint {
  /** `oauth2`: `engine.connect.start` (or `device`); `apiKey`: `engine.connect.withKey`. */
  kind: 'oauth2' | 'apiKey';
  /** Whether `engine.connect.device` works for it (a terminal without a browser callback). */
  device: boolean;
  /** The settings an account of it must be given (Zendesk: `subdomain`). */
  requiredSettings: string[];
  /** What the authorizing user needs, when the integration says. */
  requirements?: string;
}

export function connectHint(integration: Integration): ConnectHint | undefined {
  const connect = integration.connect;
  if (!connect) return undefined;
  const required = (integration.connection as { required?: unknown }).required;
  return {
    kind: connect.kind,
    device: connect.kind === 'oauth2' && connect.deviceCodeUrl !== undefined,
    requiredSettings: Array.isArray(required) ? required.filter((name) => typeof name === 'string') : [],
    ...(connect.requirements ? { requirements: connect.requirements } : {}),
  };
}

/** How the message of `not_connected` says to connect one. */
export function howToConnect(integration: Integration, user: string | undefined): string {
  const hint = connectHint(integration);
  if (!hint) return 'add one to the vault';
  const who = user === undefined ? '' : `, user: ${JSON.stringify(user)}`;
  const settings =
    hint.requiredSettings.length > 0 ? `, settings: { ${hint.requiredSettings.join(', ')} }` : '';
  return hint.kind === 'apiKey'
    ? `connect one with its API key (engine.connect.withKey({ integration: "${integration.id}"${who}${settings}, apiKey }), or toolsteps connect ${integration.id})`
    : `connect one (engine.connect.start({ integration: "${integration.id}"${who}${settings}, redirectUri }), or toolsteps connect ${integration.id})`;
}
