import { type Static, Type, withOptions } from '@toolsteps/sdk';
import { Owner, Repo } from './github-paths.js';

/** The input forms and the output of github.update_project_item_status; the types derive from them. */

const NodeId = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

/** Form 1: the GraphQL node ids, as a previous step or GitHub's UI gives them. */
export const ByIds = Type.Object(
  {
    project_id: NodeId('The project node id, e.g. PVT_kwDOAbc'),
    item_id: NodeId('The project item node id, e.g. PVTI_lADOAbc'),
    field_id: NodeId('The single-select field node id, e.g. PVTSSF_lADOAbc'),
    option_id: Type.String({ minLength: 1, maxLength: 100, description: 'The id of the option to set' }),
  },
  { additionalProperties: false, title: 'By ids' },
);

/** Form 2: what a person sees: the project's owner and number, the issue, and the status name. */
export const ByNames = Type.Object(
  {
    owner: withOptions(Owner, {
      description: 'The user or organization that owns the project (either works)',
    }),
    project_number: Type.Integer({
      minimum: 1,
      description: 'The number in the project URL: .../projects/<number>',
    }),
    repository_owner: Type.Optional(
      withOptions(Owner, { description: "The issue's repository owner; default: owner" }),
    ),
    repository: withOptions(Repo, { description: "The issue's or pull request's repository" }),
    issue_number: Type.Integer({ minimum: 1, description: 'The issue or pull request number' }),
    status: Type.String({
      minLength: 1,
      description: 'The option to set, by name (case-insensitive), e.g. "In Progress"',
    }),
    field: Type.Optional(
      Type.String({ minLength: 1, description: 'The single-select field to set; default "Status"' }),
    ),
    add_if_missing: Type.Optional(
      Type.Boolean({
        description: 'Add the issue to the project when it is not in it yet; default false (fail not_found)',
      }),
    ),
  },
  { additionalProperties: false, title: 'By names' },
);

/** What the step answers: the ids it set, and the status name they stand for. */
export const ItemStatus = Type.Object({
  project_id: Type.String(),
  item_id: Type.String(),
  field_id: Type.String(),
  option_id: Type.String(),
  status: Type.String({ description: 'The name of the option now set' }),
  added: Type.Optional(Type.Boolean({ description: 'True when the issue was added to the project first' })),
});

export type ByIdsInput = Static<typeof ByIds>;
export type ByNamesInput = Static<typeof ByNames>;
/** The ids a status change needs, and the status name they stand for. */
export type StatusTarget = Omit<Static<typeof ItemStatus>, 'added'>;
