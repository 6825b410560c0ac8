import type { ConnectSpec, Integration } from '@toolsteps/sdk';
import { describedSchemaCheck } from '@toolsteps/sdk/schema';
import type { StepRegistry } from '../ports/services.js';
import { ConnectError } from './connect-error.js';

/** Longest user id or account name taken: they are keys and labels, not documents. */
const MAX_LABEL_LENGTH = 200;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** Largest settings object, as JSON: a subdomain or a base URL, not a payload. */
const MAX_SETTINGS_BYTES = 16 * 1024;

export interface CheckedTarget {
  integration: Integration;
  connect: ConnectSpec;
  user?: string;
  settings: Record<string, unknown>;
  name?: string;
  reconnect?: string;
}

/** The integration, user, settings and name of a connect request, each checked before anything is sent. */
export function checkedTarget(
  registry: StepRegistry,
  request: {
    integration: unknown;
    user?: unknown;
    settings?: unknown;
    name?: unknown;
    reconnect?: unknown;
  },
  /** The way of connecting asked for: refused before the settings are looked at when it is not the integration's. */
  kind?: ConnectSpec['kind'],
): CheckedTarget {
  const id = request.integration;
  const integration = typeof id === 'string' ? registry.integration(id) : undefined;
  if (!integration) {
    const installed = registry.integrations().map((candidate) => candidate.id);
    throw new ConnectError(
      'invalid_request',
      `No integration ${JSON.stringify(id)} is installed (installed: ${installed.join(', ') || 'none'})`,
    );
  }
  if (!integration.connect) {
    throw new ConnectError(
      'not_supported',
      `${integration.title} declares no way to connect an account: add its accounts to the vault directly`,
    );
  }
  if (kind !== undefined && integration.connect.kind !== kind) {
    throw new ConnectError(
      'not_supported',
      integration.connect.kind === 'apiKey'
        ? `${integration.title} is connected with an API key, not an OAuth authorization: use connect.withKey`
        : `${integration.title} is connected by OAuth authorization, not an API key: use connect.start (or connect.device)`,
    );
  }
  return {
    integration,
    connect: integration.connect,
    user: label(request.user, 'user'),
    settings: checkedSettings(integration, request.settings),
    name: label(request.name, 'name'),
    reconnect: label(request.reconnect, 'reconnect'),
  };
}

function label(value: unknown, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (
    typeof value !== 'string' ||
    value.trim() === '' ||
    value.length > MAX_LABEL_LENGTH ||
    CONTROL_CHARACTER.test(value)
  ) {
    throw new ConnectError(
      'invalid_request',
      `"${what}" must be text of 1 to ${MAX_LABEL_LENGTH} characters without control characters`,
      { details: { field: what } },
    );
  }
  return value;
}

function checkedSettings(integration: Integration, settings: unknown): Record<string, unknown> {
  const given = settings ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new ConnectError('invalid_request', `${integration.title} settings must be an object`);
  }
  if (JSON.stringify(given).length > MAX_SETTINGS_BYTES) {
    throw new ConnectError(
      'invalid_request',
      `${integration.title} settings are larger than ${MAX_SETTINGS_BYTES} bytes`,
    );
  }
  const violations = describedSchemaCheck(integration.connection)(given);
  if (violations.length > 0) {
    const list = violations.map(({ pointer, message }) => `${pointer || '/'} ${message}`).join('; ');
    throw new ConnectError('invalid_request', `${integration.title} settings are not valid: ${list}`, {
      details: { field: `/settings${violations[0].pointer}` },
    });
  }
  return structuredClone(given as Record<string, unknown>);
}

/** A redirect URI the provider may send a code to: absolute https, or http on loopback, no fragment. */
export function checkedRedirectUri(value: unknown): string {
  const refuse = (why: string) =>
    new ConnectError('invalid_request', `redirectUri ${why}`, { details: { field: 'redirectUri' } });
  if (typeof value !== 'string' || !URL.canParse(value)) throw refuse('must be an absolute URL');
  const url = new URL(value);
  if (url.hash) throw refuse('must not have a fragment (#…)');
  if (url.username || url.password) throw refuse('must not carry user info (user:password@)');
  if (url.protocol === 'https:') return value;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return value;
  throw refuse(
    `must use https (plain http only on loopback, for a local callback), not ${url.protocol}//${url.host}`,
  );
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}
