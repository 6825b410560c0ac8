// The Connector itself loads with the first `engine.connect` call; these are what callers handle.
export { ConnectError, type ConnectErrorCode } from './connect-error.js';
export type * from './connect-options.js';
export type { Connector, ConnectorDeps } from './connector.js';
export {
  MAX_PENDING_AUTHORIZATIONS,
  MemoryPendingAuthorizations,
  type PendingAuthorization,
  type PendingAuthorizations,
} from './pending-authorizations.js';
