import type { TicketEventName } from './ticket-events.js';

/** One condition of a Zendesk trigger, as its API reads it (it answers `value: null` where none was sent). */
export interface TriggerCondition {
  field: string;
  operator: string;
  value?: string;
}

export interface TriggerConditions {
  all: TriggerCondition[];
  any: TriggerCondition[];
}

/**
 * `changed` compares a field with its previous value and takes no value of its own: none is sent, as
 * the description's `TriggerConditionObject` allows (`value` is optional, typed string/integer/array).
 */
const changed = (field: string): TriggerCondition => ({ field, operator: 'changed' });
const isUpdate: TriggerCondition = { field: 'update_type', operator: 'is', value: 'Change' };

/**
 * The conditions that pick each event, in the fields of Zendesk's "Ticket trigger conditions and
 * actions reference". `status`, `priority` and `assignee_id` count as changed when a new ticket sets
 * them, so the "changed" events also ask for `update_type is Change`, except an assignment, which
 * counts at creation too.
 */
export const TRIGGER_CONDITIONS: Record<TicketEventName, TriggerConditions> = {
  'ticket.created': { all: [{ field: 'update_type', operator: 'is', value: 'Create' }], any: [] },
  'ticket.status_changed': { all: [isUpdate, changed('status')], any: [] },
  'ticket.priority_changed': { all: [isUpdate, changed('priority')], any: [] },
  // A comment public or private, but not "not relevant" (an update without one).
  'ticket.comment_added': {
    all: [isUpdate],
    any: [
      { field: 'comment_is_public', operator: 'is', value: 'true' },
      { field: 'comment_is_public', operator: 'is', value: 'false' },
    ],
  },
  'ticket.assigned': {
    all: [changed('assignee_id'), { field: 'assignee_id', operator: 'is_not', value: '' }],
    any: [],
  },
};
