/** The errors of Zendesk's webhooks API, which answers in the JSON:API style rather than `RecordInvalid`. */

export const webhookNotFound = (): Response =>
  Response.json(
    { errors: [{ code: 'WebhookNotFound', title: 'Webhook not found', detail: 'Webhook not found' }] },
    { status: 404 },
  );

/** One field refused: 400, naming it by a pointer into the request. */
export const webhookInvalid = (field: string, detail: string): Response =>
  Response.json(
    {
      errors: [
        { code: 'InvalidValue', title: 'Invalid value', detail, source: { pointer: `/webhook/${field}` } },
      ],
    },
    { status: 400 },
  );

/** Zendesk will not delete a webhook that a trigger or automation still notifies. */
export const webhookInUse = (): Response =>
  Response.json(
    {
      errors: [
        {
          code: 'WebhookInUse',
          title: 'Webhook in use',
          detail: 'The webhook is connected to one or more triggers or automations and cannot be deleted',
        },
      ],
    },
    { status: 400 },
  );
