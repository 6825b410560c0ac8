/**
 * Something the host is entitled to use at a third party, that an integration cannot find out for
 * itself before it is refused (Zendesk's webhook triggers need an Enterprise plan; its steps do not).
 */
export interface Entitlement {
  /** `integration.name`, e.g. `zendesk.enterprise`: what a host grants. */
  id: string;
  /** What a person reads when it is missing, e.g. `Zendesk Enterprise plan`. */
  title: string;
}
