import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Tags the ticket an event is about, so a test sees the run happened and what the mapping gave it. */
const WORKFLOW = {
  id: 'mark-ticket',
  input: {
    type: 'object',
    required: ['ticket_id', 'tag'],
    properties: { ticket_id: { type: 'integer' }, tag: { type: 'string' } },
  },
  steps: [
    {
      id: 'mark',
      step: 'zendesk.update_ticket',
      args: { ticket_id: '{% $input.ticket_id %}', add_tags: '{% [$input.tag] %}' },
    },
  ],
};

/** One binding per trigger, its mapping tagging the ticket `fired_<event>`; the priority one filtered to urgent. */
export const BINDINGS = [
  { id: 'on-new-ticket', trigger: 'zendesk.new_ticket' },
  { id: 'on-status', trigger: 'zendesk.ticket_status_changed' },
  {
    id: 'on-urgent',
    trigger: 'zendesk.ticket_priority_changed',
    filter: "{% $event.ticket.priority = 'urgent' %}",
  },
  { id: 'on-comment', trigger: 'zendesk.new_comment', config: { public_only: true } },
  { id: 'on-assigned', trigger: 'zendesk.ticket_assigned' },
].map((binding) => ({
  config: {},
  account: 'zendesk-demo-admin',
  workflow: './mark-ticket.json',
  input: {
    ticket_id: '{% $event.ticket.id %}',
    tag: "{% 'fired_' & $replace($event.event, '.', '_') %}",
  },
  ...binding,
}));

/** A folder holding the workflow and every binding file; gives their paths. */
export async function writeBindingFiles(): Promise<{ folder: string; files: string[] }> {
  const folder = await mkdtemp(join(tmpdir(), 'zendesk-triggers-'));
  await writeFile(join(folder, 'mark-ticket.json'), JSON.stringify(WORKFLOW));
  const files: string[] = [];
  for (const binding of BINDINGS) {
    const file = join(folder, `${binding.id}.binding.json`);
    await writeFile(file, JSON.stringify(binding));
    files.push(file);
  }
  return { folder, files };
}
