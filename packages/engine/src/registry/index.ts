export { buildCatalog } from './build-catalog.js';
export { buildTriggerCatalog } from './build-trigger-catalog.js';
export { createRegistry, type IntegrationSource, registryOf } from './create-registry.js';
export type { ImportModule } from './import-integration.js';
export { isIntegration, whyNotIntegration } from './is-integration.js';
export {
  discoverStepPackages,
  importIntegration,
  loadRegistry,
  resolveModule,
} from './lazy-load-registry.js';
export type { LoadRegistryOptions } from './load-registry.js';
export { CONFIG_FILE, findConfig, readConfig, type ToolstepsConfig } from './read-config.js';
export { RegistryError, type RegistryErrorCode } from './registry-error.js';
