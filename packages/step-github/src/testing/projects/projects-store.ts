import { createHash } from 'node:crypto';
import type { GithubCore } from '../shared/github-core.js';

export type ProjectFieldType = 'TITLE' | 'TEXT' | 'SINGLE_SELECT';

export interface ProjectOptionRecord {
  /** Option ids are short hex strings on GitHub, unique within their field. */
  id: string;
  name: string;
}

export interface ProjectFieldRecord {
  /** Node id: `PVTF_…` for plain fields, `PVTSSF_…` for single-select ones. */
  id: string;
  name: string;
  dataType: ProjectFieldType;
  options: ProjectOptionRecord[];
}

export interface ProjectItemRecord {
  /** `PVTI_…` */
  id: string;
  /** The issue or pull request, by repository and number: both survive an issue becoming a pull request. */
  repoKey: string;
  number: number;
  /** Field id to a single-select option id or a text. */
  values: Map<string, string>;
  created_at: string;
  updated_at: string;
}

export interface ProjectRecord {
  /** `PVT_…` */
  id: string;
  /** The login of the user or organization that owns it. */
  owner: string;
  /** Numbered per owner, as in the project's URL. */
  number: number;
  title: string;
  /** Public projects are readable by anyone; only the owner (or an org member) may change them. */
  public: boolean;
  closed: boolean;
  fields: ProjectFieldRecord[];
  items: ProjectItemRecord[];
  created_at: string;
  updated_at: string;
}

const DEFAULT_STATUSES = ['Todo', 'In Progress', 'Done'];

/** Projects (v2) of users and organizations: fields, items, and the items' field values. */
export class ProjectsStore {
  readonly #projects: ProjectRecord[] = [];

  constructor(private readonly state: GithubCore) {}

  /** A project with GitHub's default fields: Title, and Status (Todo, In Progress, Done). */
  create(
    owner: string,
    fields: { title: string; public?: boolean; number?: number; statuses?: string[]; created_at?: string },
  ): ProjectRecord {
    const created = fields.created_at ?? this.state.isoNow();
    const numbers = this.ofOwner(owner).map((project) => project.number);
    const project: ProjectRecord = {
      id: this.state.nodeId('PVT', this.state.nextId()),
      owner,
      number: fields.number ?? Math.max(0, ...numbers) + 1,
      title: fields.title,
      public: fields.public ?? false,
      closed: false,
      fields: [],
      items: [],
      created_at: created,
      updated_at: created,
    };
    this.#projects.push(project);
    this.addField(project, 'Title', 'TITLE');
    this.addField(project, 'Status', 'SINGLE_SELECT', fields.statuses ?? DEFAULT_STATUSES);
    return project;
  }

  addField(project: ProjectRecord, name: string, dataType: ProjectFieldType, options: string[] = []) {
    const id = this.state.nextId();
    const field: ProjectFieldRecord = {
      id: this.state.nodeId(dataType === 'SINGLE_SELECT' ? 'PVTSSF' : 'PVTF', id),
      name,
      dataType,
      options: options.map((option) => ({
        id: createHash('sha1').update(`${id}:${option}`).digest('hex').slice(0, 8),
        name: option,
      })),
    };
    project.fields.push(field);
    return field;
  }

  ofOwner(owner: string): ProjectRecord[] {
    return this.#projects.filter((project) => project.owner.toLowerCase() === owner.toLowerCase());
  }

  byNumber(owner: string, number: number): ProjectRecord | undefined {
    return this.ofOwner(owner).find((project) => project.number === number);
  }

  byId(id: string): ProjectRecord | undefined {
    return this.#projects.find((project) => project.id === id);
  }

  /** The project holding a field or an item with this node id. */
  field(id: string): { project: ProjectRecord; field: ProjectFieldRecord } | undefined {
    for (const project of this.#projects) {
      const field = project.fields.find((candidate) => candidate.id === id);
      if (field !== undefined) return { project, field };
    }
    return undefined;
  }

  item(id: string): { project: ProjectRecord; item: ProjectItemRecord } | undefined {
    for (const project of this.#projects) {
      const item = project.items.find((candidate) => candidate.id === id);
      if (item !== undefined) return { project, item };
    }
    return undefined;
  }

  /** Every project item of one issue or pull request. */
  itemsOf(repoKey: string, number: number): Array<{ project: ProjectRecord; item: ProjectItemRecord }> {
    return this.#projects.flatMap((project) =>
      project.items
        .filter((item) => item.repoKey === repoKey && item.number === number)
        .map((item) => ({ project, item })),
    );
  }

  /** Adds an issue or pull request; one already there is returned as it is, as GitHub does. */
  addItem(project: ProjectRecord, repoKey: string, number: number): ProjectItemRecord {
    const existing = project.items.find((item) => item.repoKey === repoKey && item.number === number);
    if (existing !== undefined) return existing;
    const now = this.state.isoNow();
    const item: ProjectItemRecord = {
      id: this.state.nodeId('PVTI', this.state.nextId()),
      repoKey,
      number,
      values: new Map(),
      created_at: now,
      updated_at: now,
    };
    project.items.push(item);
    project.updated_at = now;
    return item;
  }

  setValue(project: ProjectRecord, item: ProjectItemRecord, field: ProjectFieldRecord, value: string): void {
    item.values.set(field.id, value);
    item.updated_at = this.state.isoNow();
    project.updated_at = item.updated_at;
  }

  /** The option name an item has in a single-select field, e.g. its Status; undefined when unset. */
  optionName(item: ProjectItemRecord, field: ProjectFieldRecord): string | undefined {
    const optionId = item.values.get(field.id);
    return field.options.find((option) => option.id === optionId)?.name;
  }
}
