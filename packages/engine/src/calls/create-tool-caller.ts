import type { Logger } from '@toolsteps/sdk';
import type { Container } from 'inversify';
import { WorkflowRunner } from '../execution/engine.js';
import type { Clock } from '../ports/clock.js';
import type { CredentialVault } from '../ports/credential-vault.js';
import type { HttpClientFactory, SecretScrubber, StepRegistry } from '../ports/services.js';
import { TOKENS } from '../ports/tokens.js';
import { NO_JOURNAL } from './no-journal.js';
import { ToolCaller } from './tool-caller.js';
import type { WorkflowTools } from './workflow-tools.js';

/**
 * The engine's tool caller: calls share the engine's vault, HTTP channels, limits, clock and scrubber
 * with its runs; unless a call asks to be journaled, it runs beside the journal, not in it.
 */
export function createToolCaller(
  container: Container,
  journaled: WorkflowRunner,
  workflows: WorkflowTools,
): ToolCaller {
  const unjournaled = new WorkflowRunner(
    container.get<CredentialVault>(TOKENS.Vault),
    container.get<HttpClientFactory>(TOKENS.HttpClientFactory),
    container.get<Clock>(TOKENS.Clock),
    container.get<Logger>(TOKENS.Logger),
    NO_JOURNAL,
    container.get<SecretScrubber>(TOKENS.SecretScrubber),
    container.isBound(TOKENS.TraceRequests) && container.get<boolean>(TOKENS.TraceRequests),
  );
  return new ToolCaller(
    container.get<StepRegistry>(TOKENS.Registry),
    { unjournaled, journaled },
    container.get<Clock>(TOKENS.Clock),
    workflows,
  );
}
