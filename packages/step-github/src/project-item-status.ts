import { type StepContext, StepError } from '@toolsteps/sdk';
import { graphql } from './github-graphql.js';
import type { SingleSelectField } from './project-status-data.js';
import { SET_OPTION } from './project-status-queries.js';
import type { StatusTarget } from './project-status-shapes.js';

/**
 * Sets the item's single-select field to the option. Setting a value twice leaves it set, so the
 * mutation may be repeated after a failed attempt.
 */
export async function setStatus(ctx: StepContext, target: StatusTarget): Promise<void> {
  await graphql(
    ctx,
    SET_OPTION,
    {
      projectId: target.project_id,
      itemId: target.item_id,
      fieldId: target.field_id,
      optionId: target.option_id,
    },
    'write',
    { retrySafe: true },
  );
}

/** The field as a single-select one, or a validation error saying why it cannot hold a status. */
export function singleSelect(
  field: SingleSelectField | null,
  name: string,
  where: string,
  pointer = '/args/field',
): Required<SingleSelectField> {
  if (field === null || field === undefined) {
    throw new StepError({
      code: 'validation',
      field: pointer,
      message: `${where} has no field named "${name}"`,
    });
  }
  if (field.__typename !== 'ProjectV2SingleSelectField') {
    throw new StepError({
      code: 'validation',
      field: pointer,
      message: `The field "${field.name ?? name}" of ${where} is not a single-select field, so it has no status options`,
    });
  }
  return field as Required<SingleSelectField>;
}

/** `a, b, c` for an error message. */
export function listed<T>(items: T[], label: (item: T) => string): string {
  return items.map(label).join(', ') || '(none)';
}
