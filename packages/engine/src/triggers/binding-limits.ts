/** A trigger, a filter and a mapping: far more than any binding needs, far less than could hurt. */
export const DEFAULT_MAX_BINDING_BYTES = 1024 * 1024;
