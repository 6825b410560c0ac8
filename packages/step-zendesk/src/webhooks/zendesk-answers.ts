import { Type } from '@toolsteps/sdk';

/** What registration reads of Zendesk's webhook (`GET /api/v2/webhooks/{id}`); ids are strings (ULIDs). */
export const Webhook = Type.Object({
  id: Type.String(),
  name: Type.String(),
  endpoint: Type.String(),
  status: Type.String(),
  http_method: Type.String(),
  request_format: Type.String(),
  subscriptions: Type.Optional(Type.Array(Type.String())),
});

export const WebhookAnswer = Type.Object({ webhook: Webhook });

/** One cursor page of `GET /api/v2/webhooks`. */
export const WebhookPage = Type.Object({
  webhooks: Type.Array(Webhook),
  meta: Type.Optional(
    Type.Object({ has_more: Type.Boolean(), after_cursor: Type.Union([Type.String(), Type.Null()]) }),
  ),
});

/** The secret Zendesk chose for a webhook (`GET /api/v2/webhooks/{id}/signing_secret`). */
export const SigningSecretAnswer = Type.Object({
  signing_secret: Type.Object({ algorithm: Type.String(), secret: Type.String({ minLength: 1 }) }),
});

const Condition = Type.Object({
  field: Type.String(),
  operator: Type.String(),
  value: Type.Unknown(),
});

/** What registration reads of a Zendesk trigger (business rule); ids are integers. */
export const ZendeskTrigger = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  active: Type.Boolean(),
  conditions: Type.Object({
    all: Type.Optional(Type.Union([Type.Array(Condition), Type.Null()])),
    any: Type.Optional(Type.Union([Type.Array(Condition), Type.Null()])),
  }),
  actions: Type.Array(Type.Object({ field: Type.String(), value: Type.Unknown() })),
});

export const TriggerAnswer = Type.Object({ trigger: ZendeskTrigger });

/** One cursor page of `GET /api/v2/triggers`. */
export const TriggerPage = Type.Object({
  triggers: Type.Array(ZendeskTrigger),
  meta: Type.Optional(
    Type.Object({ has_more: Type.Boolean(), after_cursor: Type.Union([Type.String(), Type.Null()]) }),
  ),
});
