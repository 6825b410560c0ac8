import { ZendeskOpenApi } from '../support/openapi-checker.js';
import { type OpenApiDocument, type Operation, zendeskOpenApiDocument } from '../support/openapi-document.js';

type Schema = Record<string, any>;

/**
 * Where Zendesk's description is known to be wrong about what the steps send and the emulator
 * answers, beyond the checker's own `openapi-allowances.ts`. Each is named, small, and says why.
 * (The checker takes no extra allowances, so they are applied to its parsed document before it is
 * built: `fidelityOpenApi()` is the one checker of a fidelity test file.)
 */
function applyFidelityAllowances(document: OpenApiDocument): void {
  const schemas = document.components.schemas as Record<string, Schema>;
  customFieldValuesAreIdAndValue(schemas);
  aNewRequesterOnCreate(schemas);
  unassignWithNull(schemas);
  noRecipientIsNull(schemas);
  unknownImageSizesAreNull(schemas);
  tagChangesReadTheirTags(document);
  conditionsWithoutAValueAnswerNull(schemas);
}

/**
 * `custom-field-values-are-id-and-value`: a ticket's `custom_fields` in a request are
 * `[{"id": 360001, "value": "LC-20931"}]` (the "Setting custom field values" guide the description
 * links, and its own ticket examples), but `TicketUpdateInput` points them at `CustomFieldObject`,
 * the definition of a field (required `key`, `type`, `title`; read-only `id`).
 */
function customFieldValuesAreIdAndValue(schemas: Record<string, Schema>): void {
  const fields = schemas.TicketUpdateInput?.properties?.custom_fields;
  if (fields)
    fields.items = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, value: {} } };
}

/**
 * `a-new-requester-on-create`: `TicketObject` documents the write-only `requester`
 * ({name, email, locale_id}, "Creating a ticket with a new requester"), but the create input,
 * which is where it is written, leaves it out.
 */
function aNewRequesterOnCreate(schemas: Record<string, Schema>): void {
  const own = schemas.TicketCreateInput?.allOf?.[1]?.properties;
  if (own)
    own.requester = {
      type: 'object',
      required: ['email'],
      properties: {
        name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        locale_id: { type: 'integer' },
      },
    };
}

/**
 * `unassign-with-null`: `assignee_id: null` is how a ticket is unassigned (the answer of an
 * unassigned ticket has `assignee_id: null`, see the checker's `unset-ticket-fields-are-null`); the
 * update input types it integer only.
 */
function unassignWithNull(schemas: Record<string, Schema>): void {
  const assignee = schemas.TicketUpdateInput?.properties?.assignee_id;
  if (assignee) assignee.nullable = true;
}

/**
 * `no-recipient-is-null`: a ticket that did not arrive by email (one made through the API) has no
 * original recipient address and answers `recipient: null`; `TicketObject` types it string only.
 */
function noRecipientIsNull(schemas: Record<string, Schema>): void {
  const recipient = schemas.TicketObject?.properties?.recipient;
  if (recipient) recipient.nullable = true;
}

/**
 * `unknown-image-sizes-are-null`: an attachment's `width` and `height` are "null if unknown" (a
 * PDF, a video) by the description's own words, but typed string only.
 */
function unknownImageSizesAreNull(schemas: Record<string, Schema>): void {
  const properties = schemas.AttachmentBaseObject?.properties ?? {};
  for (const name of ['width', 'height']) if (properties[name]) properties[name].nullable = true;
}

/**
 * `tag-changes-read-their-tags`: Add Tags (PUT) and Remove Tags (DELETE) read `{tags,
 * updated_stamp?, safe_update?}`, the body the description shows in Add Tags' text and both
 * operations' "Safe Update", yet document no request body. Given this one, the bodies are checked
 * rather than left `unchecked` (PUT) or refused (DELETE, which the checker expects without a body).
 */
function tagChangesReadTheirTags(document: OpenApiDocument): void {
  const body = {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['tags'],
          properties: {
            tags: { type: 'array', items: { type: 'string' } },
            updated_stamp: { type: 'string', format: 'date-time' },
            safe_update: { type: 'boolean' },
          },
        },
      },
    },
  };
  const item = document.paths['/api/v2/tickets/{ticket_id}/tags'] as Record<string, Operation> | undefined;
  for (const method of ['put', 'delete'])
    if (item?.[method]) item[method].requestBody ??= structuredClone(body);
}

/**
 * `conditions-without-a-value-answer-null`: a trigger condition that takes no value (`status
 * changed`) is sent without one, which `TriggerConditionObject` allows, but Zendesk answers it with
 * `"value": null` (its own trigger answers show it), which the object types string, integer or
 * array only. Answers only: the trigger answers point at a copy whose `value` may be null, so a
 * request that sends `value: null` is still refused.
 */
function conditionsWithoutAValueAnswerNull(schemas: Record<string, Schema>): void {
  const condition = schemas.TriggerConditionObject;
  const conditions = schemas.TriggerConditionsObject;
  const trigger = schemas.TriggerObject;
  if (!condition || !conditions || !trigger) return;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const answered = structuredClone(condition);
  answered.properties.value = { ...answered.properties.value, nullable: true };
  schemas.TriggerConditionAnswerObject = answered;
  const answeredConditions = structuredClone(conditions);
  for (const name of ['all', 'any'])
    if (answeredConditions.properties?.[name])
      answeredConditions.properties[name].items = ref('TriggerConditionAnswerObject');
  schemas.TriggerConditionsAnswerObject = answeredConditions;
  const answeredTrigger = structuredClone(trigger);
  answeredTrigger.properties.conditions = ref('TriggerConditionsAnswerObject');
  schemas.TriggerAnswerObject = answeredTrigger;
  if (schemas.TriggerResponse?.properties?.trigger)
    schemas.TriggerResponse.properties.trigger = ref('TriggerAnswerObject');
  const listed = schemas.TriggersResponse?.properties?.triggers;
  if (listed) listed.items = ref('TriggerAnswerObject');
}

let checker: ZendeskOpenApi | undefined;

/** The checker with the fidelity allowances applied, one per test file (building it is slow). */
export function fidelityOpenApi(): ZendeskOpenApi {
  if (checker === undefined) {
    applyFidelityAllowances(zendeskOpenApiDocument());
    checker = new ZendeskOpenApi();
  }
  return checker;
}
