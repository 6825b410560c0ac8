import type { OpenApiDocument } from './openapi-document.js';

type Schema = Record<string, any>;

/**
 * Where Zendesk's description is known to be wrong or too narrow, and what the checker allows
 * instead. Each allowance is named, small, and says why; anything not listed here is checked as
 * the description says. (The description's own examples, 411 of them, all pass once these apply.)
 */
export function applyAllowances(document: OpenApiDocument): OpenApiDocument {
  const schemas = document.components.schemas as Record<string, Schema>;
  unsetTicketFieldsAreNull(schemas);
  customFieldValuesOfEveryType(schemas);
  importedCommentsKeepTheirTime(schemas);
  customObjectRecordsAreNamedByTheCaller(schemas);
  return document;
}

/**
 * `json-suffix`: Zendesk serves every Support path with `.json` appended too
 * (`/api/v2/tickets/35436.json`, as its own `url` fields say), while the description lists them
 * without it: a path is matched without its `.json`, then (for the few templates that end in
 * `.json` themselves) with it.
 */
export function withoutJsonSuffix(path: string): string {
  return path.endsWith('.json') ? path.slice(0, -'.json'.length) : path;
}

/**
 * `undocumented-request-bodies`: 115 of the description's 157 POST, PUT and PATCH operations
 * document no request body, though Zendesk reads one (`CreateOrganization` takes
 * `{ organization }`, `PutTagsTicket` takes `{ tags }`). A JSON body sent to one of them is not a
 * problem; it is reported as `unchecked` instead. A body sent with GET or DELETE still is one.
 */
export function bodyUndocumented(method: string): boolean {
  return ['post', 'put', 'patch'].includes(method.toLowerCase());
}

/**
 * `unset-ticket-fields-are-null`: a ticket answers `null` for a field never set (an unassigned
 * ticket's `assignee_id`, a ticket without a type or priority), and `satisfaction_rating` is "null
 * for plan types that don't support CSAT" by the description's own words; only `due_at` is marked
 * nullable. These fields of `TicketObject` may be null in answers.
 */
const NULL_WHEN_UNSET = [
  'assignee_id',
  'group_id',
  'organization_id',
  'problem_id',
  'external_id',
  'type',
  'priority',
  'forum_topic_id',
  'satisfaction_rating',
] as const;

function unsetTicketFieldsAreNull(schemas: Record<string, Schema>): void {
  const properties = schemas.TicketObject?.properties ?? {};
  for (const name of NULL_WHEN_UNSET) if (properties[name]) properties[name].nullable = true;
}

/**
 * `custom-field-values-of-every-type`: `custom_fields[].value` is documented as a string, but a
 * checkbox field's value is a boolean, a multi-select's an array of option tags, a numeric field's
 * a number, and an empty field's null (the "Setting custom field values" guide). Any JSON value is
 * allowed there; the field `id` stays checked.
 */
function customFieldValuesOfEveryType(schemas: Record<string, Schema>): void {
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const value = (node as Schema).properties?.custom_fields?.items?.properties?.value;
    if (value?.type === 'string') delete value.type;
    for (const child of Object.values(node)) visit(child);
  };
  visit(schemas);
}

/**
 * `imported-comments-keep-their-time`: Ticket Import exists to bring old conversations over with
 * their dates, and its examples send `comments[].created_at`, which `TicketCommentObject` marks
 * read-only. On import a comment's `created_at` is writable.
 */
function importedCommentsKeepTheirTime(schemas: Record<string, Schema>): void {
  const comment = schemas.TicketImportInput?.properties?.comments?.items?.allOf?.[0];
  if (comment?.properties) comment.properties.created_at = { type: 'string', format: 'date-time' };
}

/**
 * `custom-object-records-are-named-by-the-caller`: a custom object record's `name` is marked
 * read-only, yet creating one requires it and the description's examples send it. It is writable.
 */
function customObjectRecordsAreNamedByTheCaller(schemas: Record<string, Schema>): void {
  const name = schemas.CustomObjectRecord?.properties?.name;
  if (name) delete name.readOnly;
}
