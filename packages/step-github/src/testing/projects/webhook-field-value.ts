import type { ProjectFieldRecord, ProjectOptionRecord, ProjectRecord } from './projects-store.js';

/**
 * The colour and description GitHub gives the Status options of a new project; the emulator keeps
 * neither, so its options named like GitHub's defaults are sent with them, and any other option
 * GitHub's plain default (GRAY, no description).
 */
const DEFAULT_OPTIONS: Record<string, { color: string; description: string }> = {
  Todo: { color: 'GREEN', description: "This item hasn't been started" },
  'In Progress': { color: 'YELLOW', description: 'This is actively being worked on' },
  Done: { color: 'PURPLE', description: 'This has been completed' },
};

/**
 * `changes.field_value` of `projects_v2_item` edited, in GitHub's current shape (changelog
 * 2024-06-27, "project custom field changes directly in the webhook event"): the field by node id,
 * type and name, the project's number, and the value `from` and `to`. A single-select value is its
 * option `{ id, name, color, description }`, a text value the text itself; an unset value is null.
 * `previous` and `current` are the stored values (an option id or a text) before and after.
 */
export function fieldValueChange(
  project: ProjectRecord,
  field: ProjectFieldRecord,
  previous: string | undefined,
  current: string | undefined,
): Record<string, unknown> {
  const select = field.dataType === 'SINGLE_SELECT';
  const value = (stored: string | undefined) => {
    if (stored === undefined) return null;
    if (!select) return stored;
    const option = field.options.find((candidate) => candidate.id === stored);
    return option === undefined ? null : optionJson(option);
  };
  return {
    field_node_id: field.id,
    field_type: select ? 'single_select' : 'text',
    field_name: field.name,
    project_number: project.number,
    from: value(previous),
    to: value(current),
  };
}

function optionJson(option: ProjectOptionRecord) {
  const { color, description } = DEFAULT_OPTIONS[option.name] ?? { color: 'GRAY', description: '' };
  return { id: option.id, name: option.name, color, description };
}
