export { BindingInvalidError } from './binding-invalid-error.js';
export { type Binding, BindingModule, BindingSchema } from './binding-schema.js';
export { capturedDelivery } from './captured-delivery.js';
export { catalogBindingSchema } from './catalog-binding-schema.js';
export type { CompiledBinding } from './compiled-binding.js';
export { eventsOfDelivery } from './events-of-delivery.js';
export {
  type BindingSource,
  DEFAULT_MAX_BINDING_BYTES,
  type LoadBindingOptions,
  type LoadBindingResult,
  loadBinding,
  loadBindingOrThrow,
} from './load-binding.js';
export { bindingValue, type MappedEvent, mapEvent } from './map-event.js';
export { BINDING_SCHEMA_ID, bindingJsonSchema } from './published-binding-schema.js';
