import { permissionsOf } from './admin-model.js';
import { AdminState } from './admin-state.js';

/** The demo admin's key: user-ada, admin of proj-acme-1. Only ever valid against the emulator. */
export const DEMO_ADMIN_KEY = 'key-ada-admin-0001';
/** user-ben's key: a viewer of proj-acme-1, not an admin. */
export const DEMO_VIEWER_KEY = 'key-ben-0002';
/** user-kim's key: member of org-kiwi (AU) only. */
export const DEMO_KIWI_KEY = 'key-kim-0003';
/** The seeded project of org-acme. */
export const DEMO_PROJECT_ID = 'proj-acme-1';

/**
 * The fixed demo seed (tests rely on it exactly):
 * - `org-acme` (EU): `user-ada` (ada@acme.test, key `key-ada-admin-0001`), `user-ben` (ben@acme.test,
 *   key `key-ben-0002`), `user-cy` (cy@acme.test, no key);
 * - `org-kiwi` (AU): `user-kim` (kim@kiwi.test, key `key-kim-0003`);
 * - `proj-acme-1` in org-acme ("Acme support"): user-ada `{admin: true}`, user-ben `{"role:viewer": true}`;
 * - no invites.
 * Fills `state`, which should be empty, and returns it.
 */
export function seedAdminState(state: AdminState = new AdminState()): AdminState {
  const people = [
    { id: 'user-ada', email: 'ada@acme.test', org: 'org-acme', key: DEMO_ADMIN_KEY },
    { id: 'user-ben', email: 'ben@acme.test', org: 'org-acme', key: DEMO_VIEWER_KEY },
    { id: 'user-cy', email: 'cy@acme.test', org: 'org-acme', key: undefined },
    { id: 'user-kim', email: 'kim@kiwi.test', org: 'org-kiwi', key: DEMO_KIWI_KEY },
  ];
  state.organizations.set('org-acme', { id: 'org-acme', region: 'EU', members: [] });
  state.organizations.set('org-kiwi', { id: 'org-kiwi', region: 'AU', members: [] });
  for (const person of people) {
    state.users.set(person.id, { id: person.id, email: person.email, active: true, orgs: [person.org] });
    state.organizations.get(person.org)!.members.push(person.id);
    if (person.key !== undefined) state.apiKeys.set(person.key, person.id);
  }
  state.projects.set(DEMO_PROJECT_ID, {
    id: DEMO_PROJECT_ID,
    organization_id: 'org-acme',
    name: 'Acme support',
    description: 'Support agents of Acme',
    users: new Map([
      ['user-ada', permissionsOf({ admin: true })],
      ['user-ben', permissionsOf({ 'role:viewer': true })],
    ]),
  });
  return state;
}
