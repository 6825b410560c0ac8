import { ConnectError, type ConnectSpec, type Integration, type StepRegistry } from '@toolsteps/engine';
import { didYouMean } from '@toolsteps/sdk/schema';
import { connectSettings } from './connect-settings.js';

/** What `connect` asks the engine for, whichever way the account is connected. */
export interface ConnectTargetOptions {
  user?: string;
  setting?: string[];
  name?: string;
  reconnect?: string;
}

/** An installed integration that declares how its accounts are connected. */
export type ConnectableIntegration = Integration & { connect: ConnectSpec };

/** The integration and the account asked for, as the engine's connect calls take them. */
export interface ConnectTarget {
  integration: ConnectableIntegration;
  request: {
    integration: string;
    user?: string;
    settings: Record<string, unknown>;
    name?: string;
    reconnect?: string;
  };
}

export function connectableIntegration(registry: StepRegistry, id: string): ConnectableIntegration {
  const integration = registry.integration(id);
  if (!integration) {
    const installed = registry.integrations().map((candidate) => candidate.id);
    throw new ConnectError(
      'invalid_request',
      `No integration "${id}" is installed${didYouMean(id, installed)} (installed: ${installed.join(', ') || 'none'})`,
    );
  }
  if (!integration.connect) {
    throw new ConnectError(
      'not_supported',
      `${integration.title} declares no way to connect an account: write its account into the accounts file (see docs/accounts.md)`,
    );
  }
  return integration as ConnectableIntegration;
}

export function connectTarget(
  integration: ConnectableIntegration,
  options: ConnectTargetOptions,
): ConnectTarget {
  return {
    integration,
    request: {
      integration: integration.id,
      ...(options.user === undefined ? {} : { user: options.user }),
      settings: connectSettings(options.setting ?? [], integration),
      ...(options.name === undefined ? {} : { name: options.name }),
      ...(options.reconnect === undefined ? {} : { reconnect: options.reconnect }),
    },
  };
}
