import { StepError } from '@toolsteps/sdk';
import type { ByNamesData, Content, Project } from './project-status-data.js';
import type { ByNamesInput } from './project-status-shapes.js';

/** Reading the BY_NAMES answer: what is missing is reported against the input field that named it. */

/** The project, or not_found saying whether the owner or the project is missing. */
export function projectOf(data: ByNamesData, input: ByNamesInput): Project {
  const owner = data.repositoryOwner;
  if (owner === null || owner === undefined) {
    throw new StepError({
      code: 'not_found',
      field: '/args/owner',
      message: `GitHub has no user or organization named ${input.owner}`,
    });
  }
  if (owner.projectV2 === null || owner.projectV2 === undefined) {
    throw new StepError({
      code: 'not_found',
      field: '/args/project_number',
      message: `${owner.login} has no project #${input.project_number} that this account can see`,
    });
  }
  return owner.projectV2;
}

/** The issue or pull request, or not_found naming the repository or the number that is missing. */
export function contentOf(data: ByNamesData, repository: string, number: number): Content {
  if (data.repository === null || data.repository === undefined) {
    throw new StepError({
      code: 'not_found',
      field: '/args/repository',
      message: `GitHub has no repository ${repository} that this account can see`,
    });
  }
  const content = data.repository.issueOrPullRequest;
  if (content === null || content === undefined) {
    throw new StepError({
      code: 'not_found',
      field: '/args/issue_number',
      message: `${repository} has no issue or pull request #${number}`,
    });
  }
  return content;
}

/** The input field a GraphQL error of the BY_NAMES query is about, by the error's path. */
const FIELD_OF_PATH: ReadonlyMap<string, string> = new Map([
  ['repositoryOwner', '/args/owner'],
  ['repositoryOwner.projectV2', '/args/project_number'],
  ['repository', '/args/repository'],
  ['repository.issueOrPullRequest', '/args/issue_number'],
]);

/** Rethrows a GraphQL error of the BY_NAMES query naming the input field at fault, when its path says. */
export function withFieldOfPath(error: unknown): never {
  if (!(error instanceof StepError) || error.field !== undefined) throw error;
  const errors = error.details?.errors as Array<{ path?: unknown[] }> | undefined;
  const field = FIELD_OF_PATH.get(errors?.[0]?.path?.join('.') ?? '');
  if (field === undefined) throw error;
  throw new StepError({ ...error.toJSON(), field, cause: error });
}
