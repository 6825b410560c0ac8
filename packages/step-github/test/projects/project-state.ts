import { type GithubState, repoKey } from '../../src/testing/index.js';

const HELLO_WORLD = repoKey('octo-org', 'hello-world');

/** What a test checks in the emulator: an issue's item in a project, and the item's Status. */
export function projectState(state: () => GithubState) {
  const project = (owner: string, number: number) => {
    const found = state().projects.byNumber(owner, number);
    if (found === undefined) throw new Error(`No project #${number} of ${owner} in the emulator`);
    return found;
  };
  const item = (owner: string, number: number, issue: number) =>
    project(owner, number).items.find(
      (candidate) => candidate.repoKey === HELLO_WORLD && candidate.number === issue,
    );
  return {
    project,
    item,
    /** The Status option name of octo-org/hello-world#issue in the project; undefined when unset or absent. */
    status(owner: string, number: number, issue: number, fieldName = 'Status'): string | undefined {
      const found = item(owner, number, issue);
      const field = project(owner, number).fields.find((candidate) => candidate.name === fieldName);
      return found === undefined || field === undefined
        ? undefined
        : state().projects.optionName(found, field);
    },
    /** Everything about the projects that a write could change, to compare before and after. */
    snapshot(): unknown {
      return ['octo-org', 'octocat'].flatMap((owner) =>
        state()
          .projects.ofOwner(owner)
          .map((one) => ({
            id: one.id,
            fields: one.fields,
            items: one.items.map((entry) => ({ ...entry, values: [...entry.values] })),
          })),
      );
    },
  };
}
