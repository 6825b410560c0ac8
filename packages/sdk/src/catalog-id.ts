/** `integration.snake_case_name`: how steps and triggers are named in the catalog, stable once published. */
export const CATALOG_ID = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
