import type { GithubCore } from '../shared/github-core.js';

export interface MilestoneRecord {
  id: number;
  node_id: string;
  number: number;
  title: string;
  description: string | null;
  state: 'open' | 'closed';
  creator: string;
  due_on: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

/** The milestones of every repository, numbered from 1 in each, keyed by repository key. */
export class MilestonesStore {
  readonly #milestones = new Map<string, MilestoneRecord[]>();

  constructor(private readonly state: GithubCore) {}

  list(repoKey: string): readonly MilestoneRecord[] {
    return this.#milestones.get(repoKey) ?? [];
  }

  find(repoKey: string, number: number): MilestoneRecord | undefined {
    return this.list(repoKey).find((milestone) => milestone.number === number);
  }

  add(
    repoKey: string,
    fields: Pick<MilestoneRecord, 'title' | 'creator'> &
      Partial<Pick<MilestoneRecord, 'description' | 'due_on' | 'state'>>,
  ): MilestoneRecord {
    const milestones = this.#milestones.get(repoKey) ?? [];
    this.#milestones.set(repoKey, milestones);
    const id = this.state.nextId();
    const now = this.state.isoNow();
    const milestone: MilestoneRecord = {
      description: null,
      due_on: null,
      state: 'open',
      ...fields,
      id,
      node_id: this.state.nodeId('MI', id),
      number: milestones.length + 1,
      created_at: now,
      updated_at: now,
      closed_at: null,
    };
    milestones.push(milestone);
    return milestone;
  }
}
