import { defineStep, Type } from '@toolsteps/sdk';
import { ByIds, ByNames, ItemStatus } from '../project-status-shapes.js';

export const updateProjectItemStatus = defineStep({
  id: 'github.update_project_item_status',
  title: 'Update Project (V2) Item Status',
  description:
    "Sets the Status (or another single-select field) of an issue or pull request in a GitHub project: give the ids (project_id, item_id, field_id, option_id), or the project's owner and number, the issue and the status name.",
  effect: 'write',
  // Sets one field value; an item already added is found, not added again (then `added` is false).
  idempotent: true,
  input: Type.Union([ByIds, ByNames], {
    description: 'Either all four ids, or owner + project_number + repository + issue_number + status',
  }),
  output: ItemStatus,
  run: async (input, ctx) => {
    const { setStatus, targetByIds, targetByNames } = await import('../project-status-update.js');
    const target = 'project_id' in input ? await targetByIds(ctx, input) : await targetByNames(ctx, input);
    await setStatus(ctx, target);
    return target;
  },
});
