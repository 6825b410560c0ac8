// What `github.update_project_item_status` runs: its GraphQL lookups and mutation, loaded when the
// step first runs, not with the package.
export { setStatus } from './project-item-status.js';
export { targetByIds } from './project-status-by-ids.js';
export { targetByNames } from './project-status-by-names.js';
