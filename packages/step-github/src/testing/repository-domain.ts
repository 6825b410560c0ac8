import type { Hono } from '@toolsteps/engine/testing';
import { registerCollaboratorRoutes } from './collaborator-routes.js';
import { registerCommitRoutes } from './commit-routes.js';
import { registerContentsRoutes } from './contents-routes.js';
import { registerGitRoutes } from './git-routes.js';
import type { StateRef } from './github-route-module.js';
import { registerRepositoryRoutes } from './repository-routes.js';

/** The repositories and git-data domain: repositories, stars, collaborators, branches, refs, commits, contents. */
export function registerRepositoryDomain(api: Hono, state: StateRef): void {
  registerRepositoryRoutes(api, state);
  registerCollaboratorRoutes(api, state);
  registerGitRoutes(api, state);
  registerCommitRoutes(api, state);
  registerContentsRoutes(api, state);
}
