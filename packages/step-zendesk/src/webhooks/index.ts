export { zendeskDeliveryId } from './delivery-id.js';
export { zendeskSignature } from './sign-payload.js';
export { parseSignatureTimestamp } from './signature-timestamp.js';
export { TICKET_EVENTS, type TicketEventName } from './ticket-events.js';
export {
  DEFAULT_FUTURE_SKEW_MS,
  DEFAULT_WINDOW_MS,
  hasZendeskSignature,
  type SignatureVerifierOptions,
  verifyZendeskSignature,
  zendeskSignatureOf,
  zendeskSignatureVerifier,
} from './verify-signature.js';
export { ZENDESK_HEADERS } from './webhook-headers.js';
export { zendeskWebhooks } from './zendesk-webhooks.js';
