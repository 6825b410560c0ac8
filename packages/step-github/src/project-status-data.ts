import { type Static, Type } from '@toolsteps/sdk';
import { Nullable } from './nullable.js';

/**
 * The `data` of the GraphQL answers github.update_project_item_status reads, field by field of its
 * queries (project-status-queries.ts). Nullable wherever GitHub's schema is, and a field selected
 * only on some types (`... on X`) is required only on X, so no answer GitHub may give fails (a test
 * checks both); what is missing is reported by the engine as `upstream`, naming the field.
 */

const SINGLE_SELECT = 'ProjectV2SingleSelectField';

export const StatusOption = Type.Object({ id: Type.String(), name: Type.String() });
export type Option = Static<typeof StatusOption>;

/** Fields a value carries only when its `__typename` is `typename`: its fragment was selected. */
const onlyOn = (typename: string, required: string[]) => ({
  if: { properties: { __typename: { const: typename } }, required: ['__typename'] },
  then: { required },
});

/** A project field by name: only a single-select one has the id, name and options the step reads. */
const FieldByName = Type.Object(
  {
    __typename: Type.String(),
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    options: Type.Optional(Type.Array(StatusOption)),
  },
  onlyOn(SINGLE_SELECT, ['id', 'name', 'options']),
);

/** A field node by id: any node, its name when it is a project field, its project when single-select. */
const FieldById = Type.Object(
  {
    __typename: Type.String(),
    id: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    project: Type.Optional(Type.Object({ id: Type.String() })),
    options: Type.Optional(Type.Array(StatusOption)),
  },
  onlyOn(SINGLE_SELECT, ['id', 'name', 'project', 'options']),
);
export type SingleSelectField = Static<typeof FieldById>;

export const ItemConnection = Type.Object({
  nodes: Nullable(
    Type.Array(Nullable(Type.Object({ id: Type.String(), project: Type.Object({ id: Type.String() }) }))),
  ),
  pageInfo: Type.Object({ hasNextPage: Type.Boolean(), endCursor: Nullable(Type.String()) }),
});
export type ItemConnection = Static<typeof ItemConnection>;

const Content = Type.Object({
  __typename: Type.String(),
  id: Type.String(),
  projectItems: ItemConnection,
});
export type Content = Static<typeof Content>;

const Project = Type.Object({ id: Type.String(), title: Type.String(), field: Nullable(FieldByName) });
export type Project = Static<typeof Project>;

/** The BY_NAMES answer; every level may be null (GitHub nulls what it cannot resolve). */
export const ByNamesData = Type.Object({
  repositoryOwner: Nullable(
    Type.Object({ login: Type.String(), projectV2: Type.Optional(Nullable(Project)) }),
  ),
  repository: Nullable(Type.Object({ issueOrPullRequest: Nullable(Content) })),
});
export type ByNamesData = Static<typeof ByNamesData>;

/** The BY_IDS answer: either node may be null or of another type than asked for. */
export const ByIdsData = Type.Object({
  field: Nullable(FieldById),
  item: Nullable(
    Type.Object(
      {
        __typename: Type.String(),
        id: Type.Optional(Type.String()),
        project: Type.Optional(Type.Object({ id: Type.String() })),
      },
      onlyOn('ProjectV2Item', ['id', 'project']),
    ),
  ),
});
export type ByIdsData = Static<typeof ByIdsData>;

/** The MORE_ITEMS answer: the node is the issue or pull request found before (unless it went since). */
export const MoreItemsData = Type.Object({
  node: Nullable(Type.Object({ projectItems: Type.Optional(ItemConnection) })),
});

export const AddItemData = Type.Object({
  addProjectV2ItemById: Nullable(Type.Object({ item: Nullable(Type.Object({ id: Type.String() })) })),
});
