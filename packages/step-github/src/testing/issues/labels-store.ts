import type { GithubCore } from '../shared/github-core.js';

export interface LabelRecord {
  id: number;
  node_id: string;
  name: string;
  description: string | null;
  color: string;
  default: boolean;
}

const DEFAULT_LABEL_COLOR = 'ededed';

/** The labels of every repository, keyed by repository key. */
export class LabelsStore {
  readonly #labels = new Map<string, LabelRecord[]>();

  constructor(private readonly state: GithubCore) {}

  list(repoKey: string): readonly LabelRecord[] {
    return this.#labels.get(repoKey) ?? [];
  }

  /** Label names are case-insensitive on GitHub. */
  find(repoKey: string, name: string): LabelRecord | undefined {
    const wanted = name.toLowerCase();
    return this.list(repoKey).find((label) => label.name.toLowerCase() === wanted);
  }

  add(
    repoKey: string,
    fields: Pick<LabelRecord, 'name'> & Partial<Pick<LabelRecord, 'color' | 'description' | 'default'>>,
  ): LabelRecord {
    const labels = this.#labels.get(repoKey) ?? [];
    this.#labels.set(repoKey, labels);
    const id = this.state.nextId();
    const label: LabelRecord = {
      description: null,
      color: DEFAULT_LABEL_COLOR,
      default: false,
      ...fields,
      id,
      node_id: this.state.nodeId('LA', id),
    };
    labels.push(label);
    return label;
  }

  /** The label, created on the fly when unknown: GitHub does so for callers with push access. */
  ensure(repoKey: string, name: string): LabelRecord {
    return this.find(repoKey, name) ?? this.add(repoKey, { name });
  }
}
