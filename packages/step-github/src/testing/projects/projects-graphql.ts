import { type GraphQLError, graphql } from 'graphql';
import type { RouteModule } from '../github-route-module.js';
import { callerOf } from '../shared/github-caller.js';
import { readJson } from '../shared/github-request.js';
import { GraphqlProblem } from './graphql-problem.js';
import { projectMutations } from './projects-mutations.js';
import { PROJECTS_SCHEMA } from './projects-schema.js';
import {
  canReadProject,
  canSeeRepository,
  fieldView,
  type GraphqlContext,
  issueView,
  itemView,
  ownerView,
  projectView,
  repositoryView,
} from './projects-views.js';

/**
 * `POST /graphql` run by graphql-js over the Projects (v2) schema. Like GitHub, every answer is a 200
 * with `data` and/or `errors` (syntax and validation errors included); only a body that is not JSON
 * is refused outright.
 */
export const registerProjectsGraphql: RouteModule = (api, state) => {
  api.post('/graphql', async (c) => {
    const body = await readJson(c);
    if (typeof body.query !== 'string' || body.query.trim() === '') {
      return c.json({ errors: [{ message: 'A query attribute must be specified and must be a string.' }] });
    }
    const ctx: GraphqlContext = { c, state: state(), caller: callerOf(c) };
    const result = await graphql({
      schema: PROJECTS_SCHEMA,
      source: body.query,
      variableValues: isObject(body.variables) ? body.variables : undefined,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
      rootValue: { ...queries(ctx), ...projectMutations(ctx) },
      contextValue: ctx,
    });
    return c.json({
      ...(result.data === undefined ? {} : { data: result.data }),
      ...(result.errors ? { errors: result.errors.map(githubError) } : {}),
    });
  });
};

function queries(ctx: GraphqlContext) {
  const { state } = ctx;
  const accountOfType = (login: string, type: 'User' | 'Organization') => {
    const account = state.account(login);
    if (account?.type !== type) {
      const what = type === 'User' ? 'a User' : 'an Organization';
      throw new GraphqlProblem('NOT_FOUND', `Could not resolve to ${what} with the login of '${login}'.`);
    }
    return ownerView(ctx, account);
  };
  return {
    viewer: () => ownerView(ctx, ctx.caller),
    user: ({ login }: { login: string }) => accountOfType(login, 'User'),
    organization: ({ login }: { login: string }) => accountOfType(login, 'Organization'),
    repositoryOwner: ({ login }: { login: string }) => {
      const account = state.account(login);
      return account === undefined ? null : ownerView(ctx, account);
    },
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const repo = state.repository(owner, name);
      if (repo === undefined || !canSeeRepository(ctx, repo)) {
        throw new GraphqlProblem(
          'NOT_FOUND',
          `Could not resolve to a Repository with the name '${owner}/${name}'.`,
        );
      }
      return repositoryView(ctx, repo);
    },
    node: ({ id }: { id: string }) => {
      const node = nodeById(ctx, id);
      if (node === undefined) {
        throw new GraphqlProblem('NOT_FOUND', `Could not resolve to a node with the global id of '${id}'`);
      }
      return node;
    },
  };
}

/** Any object of the schema by its node id, when the caller may see it. */
function nodeById(ctx: GraphqlContext, id: string) {
  const { state } = ctx;
  const project = state.projects.byId(id);
  if (project !== undefined) return canReadProject(ctx, project) ? projectView(ctx, project) : undefined;
  const field = state.projects.field(id);
  if (field !== undefined) {
    return canReadProject(ctx, field.project) ? fieldView(ctx, field.project, field.field) : undefined;
  }
  const item = state.projects.item(id);
  if (item !== undefined)
    return canReadProject(ctx, item.project) ? itemView(ctx, item.project, item.item) : undefined;
  const issue = state.issues.byNodeId(id);
  if (issue !== undefined) {
    const repo = state.repositories.get(issue.repoKey);
    return repo !== undefined && canSeeRepository(ctx, repo) ? issueView(ctx, repo, issue.issue) : undefined;
  }
  const repo = [...state.repositories.values()].find((candidate) => candidate.node_id === id);
  if (repo !== undefined) return canSeeRepository(ctx, repo) ? repositoryView(ctx, repo) : undefined;
  const account = [...state.accounts.values()].find((candidate) => candidate.node_id === id);
  return account === undefined ? undefined : ownerView(ctx, account);
}

/** GitHub's error entry: `type` beside the message for resolver refusals, locations and path as graphql-js has them. */
function githubError(error: GraphQLError) {
  const original = error.originalError;
  const type = original instanceof GraphqlProblem ? original.type : undefined;
  return {
    ...(type === undefined ? {} : { type }),
    ...(error.path === undefined ? {} : { path: error.path }),
    ...(error.locations === undefined ? {} : { locations: error.locations }),
    message: error.message,
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
