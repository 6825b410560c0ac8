import { type MatchedRoute, OpenApiRoutes } from '@toolsteps/emulator';
import type { OpenApiDocument, Operation, PathItem } from './openapi-document.js';

/** A documented Zendesk operation a request addresses, with its path item (for shared parameters). */
export type MatchedOperation = MatchedRoute<Operation, PathItem>;

/** The test kit's route matcher over Zendesk's description. */
export function zendeskRoutes(document: OpenApiDocument): OpenApiRoutes<Operation, PathItem> {
  return new OpenApiRoutes<Operation, PathItem>(document.paths);
}
