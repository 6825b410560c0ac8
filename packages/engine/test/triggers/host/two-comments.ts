import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the second comment of `twoComments` goes: a card of its own, so a fault can single it out. */
export const SECOND_CARD_OFFSET = 1000;

/**
 * A binding of new cards to a workflow of two writes: a comment on the card, then one on card
 * `id + 1000`. Written into `folder`; returns the binding's path. `text` changes the second
 * comment's text, i.e. gives another version of the workflow.
 */
export function writeTwoComments(folder: string, text = 'Second look'): string {
  const workflow = {
    id: 'two-comments',
    input: {
      type: 'object',
      required: ['cardId', 'title'],
      properties: { cardId: { type: 'integer', minimum: 1 }, title: { type: 'string' } },
    },
    steps: [
      {
        id: 'first',
        step: 'board.add_comment',
        args: { cardId: '{% $input.cardId %}', text: "{% 'Triaged: ' & $input.title %}" },
      },
      {
        id: 'second',
        step: 'board.add_comment',
        args: { cardId: `{% $input.cardId + ${SECOND_CARD_OFFSET} %}`, text },
      },
    ],
  };
  const binding = {
    id: 'two-comments',
    trigger: 'board.new_card',
    account: 'Demo board',
    config: { board: 'roadmap' },
    workflow: './two-comments.json',
    input: { cardId: '{% $event.card.id %}', title: '{% $event.card.title %}' },
  };
  writeFileSync(join(folder, 'two-comments.json'), JSON.stringify(workflow));
  const path = join(folder, 'two-comments.binding.json');
  writeFileSync(path, JSON.stringify(binding));
  return path;
}

/** How many comments the board accepted (201) on a card: each write of the workflow, counted at the API. */
export function commentsAccepted(
  emulator: { requests: ReadonlyArray<{ path: string; status?: number }> },
  cardId: number,
): number {
  return emulator.requests.filter(
    (request) => request.path === `/cards/${cardId}/comments` && request.status === 201,
  ).length;
}
