import { assigneeRoutes } from './assignee-routes.js';
import { commentRoutes } from './comment-routes.js';
import type { RouteModule } from './github-route-module.js';
import { issueRoutes } from './issue-routes.js';
import { labelRoutes } from './label-routes.js';
import { pullRoutes } from './pull-routes.js';
import { reviewRoutes } from './review-routes.js';
import { searchRoutes } from './search-routes.js';

/** Issues, their labels, assignees and comments; issue search; pull requests and their reviews. */
export const registerIssueDomain: RouteModule = (api, state) => {
  for (const register of [
    issueRoutes,
    labelRoutes,
    assigneeRoutes,
    commentRoutes,
    searchRoutes,
    pullRoutes,
    reviewRoutes,
  ]) {
    register(api, state);
  }
};
