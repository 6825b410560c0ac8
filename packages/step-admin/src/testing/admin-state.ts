import type { AdminUser, Invite, Organization, Permissions, Project } from './admin-model.js';

/** Everything the administration emulator knows, in memory; routes and controls both work on it. */
export class AdminState {
  readonly organizations = new Map<string, Organization>();
  readonly users = new Map<string, AdminUser>();
  /** API key -> user id. */
  readonly apiKeys = new Map<string, string>();
  readonly projects = new Map<string, Project>();
  readonly invites = new Map<string, Invite>();
  #projectCounter = 0;
  #inviteCounter = 0;

  /** Forgets everything, id counters included. */
  clear(): void {
    for (const map of [this.organizations, this.users, this.apiKeys, this.projects, this.invites])
      map.clear();
    this.#projectCounter = 0;
    this.#inviteCounter = 0;
  }

  /** `proj-1`, `proj-2`, ... so tests can predict ids. */
  nextProjectId(): string {
    do this.#projectCounter += 1;
    while (this.projects.has(`proj-${this.#projectCounter}`));
    return `proj-${this.#projectCounter}`;
  }

  /** `inv-1`, `inv-2`, ... */
  nextInviteCode(): string {
    do this.#inviteCounter += 1;
    while (this.invites.has(`inv-${this.#inviteCounter}`));
    return `inv-${this.#inviteCounter}`;
  }

  /** Emails are compared without regard to case, as mail systems do. */
  userByEmail(email: string): AdminUser | undefined {
    const wanted = email.toLowerCase();
    return [...this.users.values()].find((user) => user.email.toLowerCase() === wanted);
  }

  /** Identity-provider deactivation: the user's keys stop working from the next request on. */
  deactivateUser(userId: string): void {
    this.#user(userId).active = false;
  }

  /** Sets (or adds) a project user's permissions, bypassing the API's admin check. */
  setPermissions(projectId: string, userId: string, permissions: Permissions): void {
    const project = this.projects.get(projectId);
    if (project === undefined) throw new TypeError(`No project "${projectId}" in the admin emulator`);
    this.#user(userId);
    project.users.set(userId, structuredClone(permissions));
  }

  #user(userId: string): AdminUser {
    const user = this.users.get(userId);
    if (user === undefined) throw new TypeError(`No user "${userId}" in the admin emulator`);
    return user;
  }
}
