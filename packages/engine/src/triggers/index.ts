export { BindingInvalidError } from './binding-invalid-error.js';
export { DEFAULT_MAX_BINDING_BYTES } from './binding-limits.js';
export { type Binding, BindingModule, BindingSchema } from './binding-schema.js';
export { capturedDelivery } from './captured-delivery.js';
export { catalogBindingSchema } from './catalog-binding-schema.js';
export type {
  AnyCompiledBinding,
  CompiledBinding,
  CompiledBindingBase,
  HandlerBinding,
} from './compiled-binding.js';
export { eventsOfDelivery } from './events-of-delivery.js';
export { loadBinding, loadBindingOrThrow } from './lazy-load-binding.js';
export type {
  BindingSource,
  LoadBindingOptions,
  LoadBindingResult,
  LoadBindingWithHandlersOptions,
} from './load-binding.js';
export { bindingValue, type MappedEvent, mapEvent } from './map-event.js';
export { BINDING_SCHEMA_ID, bindingJsonSchema } from './published-binding-schema.js';
export type { TriggerHandler, TriggerHandlerContext, TriggerHandlers } from './trigger-handler.js';
