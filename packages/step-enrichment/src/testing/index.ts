export type { DirectoryCompany, DirectoryPerson, Place, SocialProfile } from './directory-model.js';
export { DirectoryState, type KeyAccount } from './directory-state.js';
export * from './enrichment-emulator.js';
export { DEMO_BALANCES, DEMO_KEYS, DEMO_SEARCH_PATHS } from './enrichment-seed.js';
export type { SearchPaths } from './provider-routes.js';
export { BULK_LIMIT } from './request-body.js';
