import type { Logger } from '@toolsteps/sdk';
import type { Engine } from '../../container/create-engine.js';
import type { Clock } from '../../ports/clock.js';
import type { CredentialVault } from '../../ports/credential-vault.js';
import type { Entitlements } from '../../ports/entitlements.js';
import type { HttpClientFactory, SecretScrubber } from '../../ports/services.js';
import type { TriggerStore } from '../../ports/trigger-store.js';
import type { AnyCompiledBinding } from '../compiled-binding.js';
import type { HandlerEntry } from '../trigger-handler.js';
import type { RunLauncher } from './run-launcher.js';
import type { TriggerHostEvent } from './trigger-host-events.js';

/** What the pieces of a trigger host share: the engine's parts, the store, the bindings it serves. */
export interface HostParts {
  engine: Engine;
  store: TriggerStore;
  clock: Clock;
  logger: Logger;
  vault: CredentialVault;
  scrubber: SecretScrubber;
  http: HttpClientFactory;
  /** What the host may use at third parties: bindings whose trigger requires more are not activated. */
  entitlements: Entitlements;
  bindings: ReadonlyMap<string, AnyCompiledBinding>;
  /** Runs each event's workflow: on the engine, or through a queue to workers. */
  launcher: RunLauncher;
  /** What handler bindings hand their events to, by name. */
  handlers: ReadonlyMap<string, HandlerEntry>;
  /** `publicUrl/hooks/<bindingId>`: where a binding's deliveries are sent. */
  urlOf(bindingId: string): string;
  emit(event: DistributiveOmit<TriggerHostEvent, 'at'>): void;
}

export type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
