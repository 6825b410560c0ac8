import { updateProjectItemStatus } from '../../../src/index.js';
import { DEMO_ISSUES, DEMO_ORG, DEMO_REPO } from '../../../src/testing/index.js';
import { examplePayload } from './example-payload.js';
import type { TriggerCase } from './trigger-case.js';

/** Triggers about project boards: Projects (v2) items, and classic projects' cards. */
export const PROJECT_CASES: TriggerCase[] = [
  {
    trigger: 'github.project_item_status_changed',
    config: { org: DEMO_ORG },
    filter: "$event.changes.field_value.to.name = 'In Progress'",
    summary: "$event.changes.field_value.from.name & ' -> ' & $event.changes.field_value.to.name",
    expected: 'Todo -> In Progress',
    cause: "update_project_item_status moving a Roadmap issue's Status",
    act: async (hand) => {
      // The seed's Roadmap (octo-org's project #1) holds this issue as Todo.
      await hand.run(updateProjectItemStatus, {
        owner: DEMO_ORG,
        project_number: 1,
        repository: DEMO_REPO.repo,
        issue_number: DEMO_ISSUES.safariCrash,
        status: 'In Progress',
      });
    },
  },
  {
    trigger: 'github.new_card_in_column',
    config: { ...DEMO_REPO },
    filter: '$event.project_card.archived = false',
    summary: '$event.project_card.note',
    expected: 'Write the end-to-end tests',
    cause: 'a card created, emitted',
    emitted: 'the emulator keeps no classic projects (GitHub retired them): nothing creates a card',
    act: async (hand) => {
      const project_card = { note: 'Write the end-to-end tests', archived: false };
      hand.emit({
        event: 'project_card',
        repository: `${DEMO_REPO.owner}/${DEMO_REPO.repo}`,
        payload: examplePayload('project_card', 'created', { project_card }),
      });
    },
  },
];
