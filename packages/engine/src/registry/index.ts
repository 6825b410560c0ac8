export { buildCatalog } from './build-catalog.js';
export { buildTriggerCatalog } from './build-trigger-catalog.js';
export { createRegistry, type IntegrationSource, registryOf } from './create-registry.js';
export { importIntegration } from './import-integration.js';
export { isIntegration, whyNotIntegration } from './is-integration.js';
export { discoverStepPackages, type LoadRegistryOptions, loadRegistry } from './load-registry.js';
export { CONFIG_FILE, findConfig, readConfig, type ToolstepsConfig } from './read-config.js';
export { RegistryError, type RegistryErrorCode } from './registry-error.js';
export { resolveModule } from './resolve-module.js';
