import { type AnyStep, type AnyTrigger, type Integration, triggerSchemaProblems } from '@toolsteps/sdk';
import type { CatalogEntry, StepRegistry, TriggerCatalogEntry } from '../ports/services.js';
import { buildCatalog } from './build-catalog.js';
import { buildTriggerCatalog } from './build-trigger-catalog.js';
import { whyNotIntegration } from './is-integration.js';
import { RegistryError } from './registry-error.js';

/** An integration and where it came from (a module specifier, or a position for in-process ones). */
export interface IntegrationSource {
  integration: Integration;
  source: string;
}

/** A registry of integrations given in process, e.g. by an embedding runtime or a test. */
export function createRegistry(integrations: readonly Integration[]): StepRegistry {
  return registryOf(
    integrations.map((integration, index) => ({ integration, source: `integrations[${index}]` })),
  );
}

/** Builds the registry, refusing anything that is not an integration and any id defined twice. */
export function registryOf(sources: readonly IntegrationSource[]): StepRegistry {
  const integrations = new Map<string, IntegrationSource>();
  const steps = new Map<string, { step: AnyStep; from: IntegrationSource }>();
  const triggers = new Map<string, { trigger: AnyTrigger; from: IntegrationSource }>();
  for (const entry of sources) {
    const problem = whyNotIntegration(entry.integration);
    if (problem) {
      throw new RegistryError('not-an-integration', `${entry.source} is not an Integration: ${problem}`, [
        entry.source,
      ]);
    }
    const { integration, source } = entry;
    const earlier = integrations.get(integration.id);
    if (earlier) {
      throw new RegistryError(
        'duplicate-integration',
        `Integration "${integration.id}" is defined twice: by ${earlier.source} and by ${source}; keep only one of them`,
        [earlier.source, source],
      );
    }
    integrations.set(integration.id, entry);
    for (const step of integration.steps) {
      const clash = steps.get(step.id);
      if (clash) {
        const where =
          clash.from === entry ? `twice in ${source}` : `by ${clash.from.source} and by ${source}`;
        throw new RegistryError('duplicate-step', `Step "${step.id}" is defined ${where}`, [
          clash.from.source,
          source,
        ]);
      }
      steps.set(step.id, { step, from: entry });
    }
    for (const trigger of integration.triggers ?? []) {
      // Step and trigger ids share one namespace: `toolsteps describe <id>` must name exactly one thing.
      const clash = triggers.get(trigger.id)?.from ?? steps.get(trigger.id)?.from;
      if (clash) {
        const where = clash === entry ? `twice in ${source}` : `by ${clash.source} and by ${source}`;
        throw new RegistryError(
          'duplicate-trigger',
          `Trigger "${trigger.id}" is defined ${where} (step and trigger ids must differ)`,
          [clash.source, source],
        );
      }
      triggers.set(trigger.id, { trigger, from: entry });
    }
  }
  return new MapRegistry(
    [...integrations.values()].map((entry) => entry.integration),
    steps,
    triggers,
  );
}

class MapRegistry implements StepRegistry {
  private readonly byId: ReadonlyMap<string, Integration>;
  private entries?: CatalogEntry[];
  private triggerEntries?: TriggerCatalogEntry[];
  private readonly checkedTriggers = new Set<string>();

  constructor(
    private readonly all: readonly Integration[],
    private readonly steps: ReadonlyMap<string, { step: AnyStep; from: IntegrationSource }>,
    private readonly triggers: ReadonlyMap<string, { trigger: AnyTrigger; from: IntegrationSource }>,
  ) {
    this.byId = new Map(all.map((integration) => [integration.id, integration]));
  }

  integrations(): readonly Integration[] {
    return this.all;
  }

  integration(id: string): Integration | undefined {
    return this.byId.get(id);
  }

  step(id: string): AnyStep | undefined {
    return this.steps.get(id)?.step;
  }

  integrationOf(stepId: string): Integration | undefined {
    return this.steps.get(stepId)?.from.integration;
  }

  catalog(): CatalogEntry[] {
    this.entries ??= buildCatalog(this.all);
    return [...this.entries];
  }

  /** The trigger `id`; the first time, its schemas are compiled and its sample checked (`triggerSchemaProblems`). */
  trigger(id: string): AnyTrigger | undefined {
    const found = this.triggers.get(id);
    if (found === undefined || this.checkedTriggers.has(id)) return found?.trigger;
    const problems = triggerSchemaProblems(found.trigger);
    if (problems.length > 0)
      throw new RegistryError('trigger-invalid', `${problems.join('; ')} (in ${found.from.source})`, [
        found.from.source,
      ]);
    this.checkedTriggers.add(id);
    return found.trigger;
  }

  integrationOfTrigger(triggerId: string): Integration | undefined {
    return this.triggers.get(triggerId)?.from.integration;
  }

  triggerCatalog(): TriggerCatalogEntry[] {
    this.triggerEntries ??= buildTriggerCatalog(this.all);
    return [...this.triggerEntries];
  }
}
