import { GraphqlProblem } from './graphql-problem.js';
import type { ProjectRecord } from './projects-store.js';
import {
  canReadProject,
  canWriteProject,
  type GraphqlContext,
  itemView,
  visibleIssue,
} from './projects-views.js';
import { emitItemCreated, emitItemEdited } from './webhook-project-events.js';

interface FieldValue {
  text?: string | null;
  number?: number | null;
  date?: string | null;
  singleSelectOptionId?: string | null;
  iterationId?: string | null;
}

/** The two Projects (v2) mutations: every check passes before anything changes. */
export function projectMutations(ctx: GraphqlContext) {
  const { state } = ctx;
  return {
    updateProjectV2ItemFieldValue: ({
      input,
    }: {
      input: {
        clientMutationId?: string;
        projectId: string;
        itemId: string;
        fieldId: string;
        value: FieldValue;
      };
    }) => {
      const project = writableProject(ctx, input.projectId);
      const item = project.items.find((candidate) => candidate.id === input.itemId);
      if (item === undefined) throw unresolved(input.itemId);
      const field = project.fields.find((candidate) => candidate.id === input.fieldId);
      if (field === undefined) throw unresolved(input.fieldId);
      const given = Object.entries(input.value).filter(([, value]) => value !== undefined && value !== null);
      if (given.length !== 1) {
        throw new GraphqlProblem(
          'UNPROCESSABLE',
          'Exactly one of text, number, date, singleSelectOptionId or iterationId must be given.',
        );
      }
      let stored: string;
      if (field.dataType === 'SINGLE_SELECT') {
        const optionId = input.value.singleSelectOptionId;
        if (typeof optionId !== 'string' || !field.options.some((option) => option.id === optionId)) {
          throw new GraphqlProblem(
            'UNPROCESSABLE',
            'The single select option Id does not belong to the field',
          );
        }
        stored = optionId;
      } else if (field.dataType === 'TEXT') {
        if (typeof input.value.text !== 'string') {
          throw new GraphqlProblem('UNPROCESSABLE', `The field ${field.name} takes a text value`);
        }
        stored = input.value.text;
      } else {
        throw new GraphqlProblem(
          'UNPROCESSABLE',
          `The field of type ${field.dataType} is currently not supported`,
        );
      }
      const previous = item.values.get(field.id);
      state.projects.setValue(project, item, field, stored);
      emitItemEdited(ctx, project, item, field, previous);
      return {
        clientMutationId: input.clientMutationId ?? null,
        projectV2Item: itemView(ctx, project, item),
      };
    },

    addProjectV2ItemById: ({
      input,
    }: {
      input: { clientMutationId?: string; projectId: string; contentId: string };
    }) => {
      const project = writableProject(ctx, input.projectId);
      const found = state.issues.byNodeId(input.contentId);
      const content = found && visibleIssue(ctx, found.repoKey, found.issue.number);
      if (found === undefined || content === undefined) throw unresolved(input.contentId);
      const known = project.items.length;
      const item = state.projects.addItem(project, found.repoKey, found.issue.number);
      // Adding an item already in the project answers it again and changes nothing.
      if (project.items.length > known) emitItemCreated(ctx, project, item);
      return { clientMutationId: input.clientMutationId ?? null, item: itemView(ctx, project, item) };
    },
  };
}

/** A project the caller may change: hidden ones are not found, read-only ones forbidden. */
function writableProject(ctx: GraphqlContext, projectId: string): ProjectRecord {
  const project = ctx.state.projects.byId(projectId);
  if (project === undefined || !canReadProject(ctx, project)) throw unresolved(projectId);
  if (!canWriteProject(ctx, project)) {
    throw new GraphqlProblem(
      'FORBIDDEN',
      `${ctx.caller.login} does not have permission to update project ${project.number}.`,
    );
  }
  return project;
}

function unresolved(id: string): GraphqlProblem {
  return new GraphqlProblem('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`);
}
