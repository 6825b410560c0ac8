export { HTTP_DEFAULTS, type ResolvedBinding, resolveBinding } from './http-defaults.js';
export { KyHttpClientFactory } from './ky-http-client-factory.js';
export { redactHeaders } from './redact-headers.js';
export { requestedWaitMs } from './retry-delay.js';
export { type ResolvedUrl, resolveRequestUrl } from './safe-path.js';
export type { NetworkFailure } from './transport-error.js';
export { upstreamMessage } from './upstream-message.js';
