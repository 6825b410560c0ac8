import type { RuleCondition } from './automation-store.js';
import type { TicketChange } from './ticket-change.js';

/** The condition fields the emulator evaluates, with the operators each takes (Zendesk's names). */
const VALUE_OPERATORS = [
  'is',
  'is_not',
  'changed',
  'not_changed',
  'value',
  'value_previous',
  'not_value',
  'not_value_previous',
];
export const CONDITION_OPERATORS: Record<string, readonly string[]> = {
  update_type: ['is'],
  status: VALUE_OPERATORS,
  priority: VALUE_OPERATORS,
  type: VALUE_OPERATORS,
  assignee_id: VALUE_OPERATORS,
  comment_is_public: ['is'],
  current_tags: ['includes', 'not_includes'],
};

type Field = 'status' | 'priority' | 'type' | 'assignee_id';

/** Whether a ticket change meets a trigger's conditions: all of `all`, and one of `any` when it has some. */
export function meetsConditions(
  change: TicketChange,
  conditions: { all: RuleCondition[]; any: RuleCondition[] },
): boolean {
  const holds = (condition: RuleCondition) => conditionHolds(change, condition);
  return conditions.all.every(holds) && (conditions.any.length === 0 || conditions.any.some(holds));
}

function conditionHolds(change: TicketChange, { field, operator, value }: RuleCondition): boolean {
  const wanted = value === null || value === undefined ? '' : String(value);
  switch (field) {
    case 'update_type':
      return wanted === (change.before === undefined ? 'Create' : 'Change');
    case 'comment_is_public': {
      const comment = change.comment;
      if (wanted === 'not_relevant') return true;
      if (wanted === 'true' || wanted === 'requester_can_see_comment') return comment?.public === true;
      if (wanted === 'false') return comment?.public === false;
      return false;
    }
    case 'current_tags': {
      const tags = wanted.split(/\s+/).filter(Boolean);
      const has = tags.some((tag) => change.after.tags.includes(tag));
      return operator === 'includes' ? has : !has;
    }
    default:
      return valueCondition(change, field as Field, operator, wanted);
  }
}

/** `is` and friends over one field; `''` stands for "none" (no assignee, no priority). */
function valueCondition(change: TicketChange, field: Field, operator: string, wanted: string): boolean {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const now = text(change.after[field]);
  const before = change.before === undefined ? '' : text(change.before[field]);
  const changed = now !== before;
  switch (operator) {
    case 'is':
      return now === wanted;
    case 'is_not':
      return now !== wanted;
    case 'changed':
      return changed;
    case 'not_changed':
      return !changed;
    case 'value':
      return changed && now === wanted;
    case 'value_previous':
      return changed && before === wanted;
    case 'not_value':
      return changed && now !== wanted;
    case 'not_value_previous':
      return changed && before !== wanted;
    default:
      return false;
  }
}
