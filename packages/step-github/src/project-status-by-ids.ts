import { type StepContext, StepError } from '@toolsteps/sdk';
import { graphql } from './github-graphql.js';
import { listed, singleSelect } from './project-item-status.js';
import { ByIdsData } from './project-status-data.js';
import { BY_IDS } from './project-status-queries.js';
import type { ByIdsInput, StatusTarget } from './project-status-shapes.js';

/** Checks given ids (the field is single-select, field and item belong to the project, the option to the field). */
export async function targetByIds(ctx: StepContext, input: ByIdsInput): Promise<StatusTarget> {
  const data = await graphql<ByIdsData>(
    ctx,
    BY_IDS,
    { fieldId: input.field_id, itemId: input.item_id },
    'read',
    { data: ByIdsData },
  );
  const field = singleSelect(data.field, input.field_id, `project ${input.project_id}`, '/args/field_id');
  if (field.project.id !== input.project_id) {
    throw new StepError({
      code: 'validation',
      field: '/args/field_id',
      message: `Field ${input.field_id} belongs to another project than ${input.project_id}`,
    });
  }
  if (data.item?.__typename !== 'ProjectV2Item' || data.item.project?.id !== input.project_id) {
    throw new StepError({
      code: 'validation',
      field: '/args/item_id',
      message: `${input.item_id} is not an item of project ${input.project_id}`,
    });
  }
  const option = field.options.find((candidate) => candidate.id === input.option_id);
  if (option === undefined) {
    throw new StepError({
      code: 'validation',
      field: '/args/option_id',
      message: `Option ${input.option_id} is not one of field "${field.name}": ${listed(field.options, (o) => `${o.id} (${o.name})`)}`,
    });
  }
  return { ...input, status: option.name };
}
