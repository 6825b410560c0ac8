import type { GithubCore } from '../shared/github-core.js';

/** A team of an organization, as far as review requests need one. */
export interface TeamRecord {
  id: number;
  node_id: string;
  org: string;
  name: string;
  slug: string;
  description: string | null;
  permission: 'pull' | 'triage' | 'push' | 'maintain' | 'admin';
}

/** The teams of every organization, keyed by lowercased organization login. */
export class TeamsStore {
  readonly #teams = new Map<string, TeamRecord[]>();

  constructor(private readonly state: GithubCore) {}

  list(org: string): readonly TeamRecord[] {
    return this.#teams.get(org.toLowerCase()) ?? [];
  }

  /** Slugs are lowercase; GitHub finds a team whatever case the caller writes. */
  find(org: string, slug: string): TeamRecord | undefined {
    return this.list(org).find((team) => team.slug === slug.toLowerCase());
  }

  add(org: string, fields: Pick<TeamRecord, 'name'> & Partial<Omit<TeamRecord, 'id' | 'node_id' | 'org'>>) {
    const teams = this.#teams.get(org.toLowerCase()) ?? [];
    this.#teams.set(org.toLowerCase(), teams);
    const id = this.state.nextId();
    const team: TeamRecord = {
      slug: fields.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      description: null,
      permission: 'push',
      ...fields,
      id,
      node_id: this.state.nodeId('T', id),
      org,
    };
    teams.push(team);
    return team;
  }
}
