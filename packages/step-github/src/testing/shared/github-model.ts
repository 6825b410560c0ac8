/** A user or an organization: both own repositories, only users hold tokens. */
export interface GithubAccount {
  id: number;
  node_id: string;
  login: string;
  type: 'User' | 'Organization';
  name: string;
  email?: string;
  /** Organizations: the logins of their members. */
  members?: string[];
}

export type CollaboratorPermission = 'pull' | 'triage' | 'push' | 'maintain' | 'admin';

export const COLLABORATOR_PERMISSIONS: readonly CollaboratorPermission[] = [
  'pull',
  'triage',
  'push',
  'maintain',
  'admin',
];

/** A repository's own metadata; its git data, issues, workflows and so on live in their domain stores. */
export interface Repository {
  id: number;
  node_id: string;
  owner: string;
  name: string;
  description: string | null;
  private: boolean;
  default_branch: string;
  homepage: string | null;
  has_issues: boolean;
  archived: boolean;
  created_at: string;
  updated_at: string;
  pushed_at: string;
  /** Logins of users who starred it. */
  stargazers: Set<string>;
  /** Login to permission; the owner (or an org member) is implicitly admin. */
  collaborators: Map<string, CollaboratorPermission>;
}

/** `owner/name`, lowercased: GitHub logins and repository names are case-insensitive. */
export function repoKey(owner: string, name: string): string {
  return `${owner}/${name}`.toLowerCase();
}
