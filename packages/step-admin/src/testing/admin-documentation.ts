import type { AdminRegion } from './admin-model.js';

/**
 * What `/latest/documentation` answers, where each region serves its up-to-date API reference: the
 * endpoints as this emulator implements them.
 */
export function adminDocumentation(region: AdminRegion, baseUrl: string) {
  const projectAuth = 'Bearer <PROJECT_ID>:<API_KEY>';
  return {
    title: 'Administration API (emulator)',
    version: 'latest',
    region,
    base_url: baseUrl,
    notes: [
      'Every operation is a POST with a JSON body and Content-Type: application/json.',
      "The base address must be the one of the organization's region.",
      'Errors answer JSON {"message": "..."}.',
    ],
    permissions: {
      shape: {
        items: { serviceDefault: { actions: { 'role:editor': true, 'role:viewer': true, admin: true } } },
      },
    },
    endpoints: [
      {
        path: '/latest/projects/create',
        authorization: 'Bearer :<API_KEY>',
        body: { name: 'string', description: 'string', organization_id: 'string' },
        response: { project_id: 'string' },
      },
      {
        path: '/latest/auth/invite/create',
        authorization: projectAuth,
        permission: 'admin',
        body: { email: 'string', permissions: 'object' },
        response: {
          invite_code: 'string',
          email: 'string',
          status: 'pending | accepted',
          user_id: 'string when accepted',
        },
      },
      {
        path: '/latest/auth/invite/delete',
        authorization: projectAuth,
        permission: 'admin',
        body: { invite_code: 'string' },
      },
      {
        path: '/latest/auth/users/{user_id}/update',
        authorization: '<PROJECT_ID>:<API_KEY>',
        permission: 'admin',
        body: { permissions: 'object' },
      },
      {
        path: '/latest/auth/users/{user_id}/delete',
        authorization: projectAuth,
        permission: 'admin',
        body: {},
      },
    ],
  };
}
