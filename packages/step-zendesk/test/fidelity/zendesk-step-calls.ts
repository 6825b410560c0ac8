import { DEMO_FIELDS, DEMO_TICKETS, DEMO_USERS } from '../../src/testing/index.js';

type Results = Record<string, any>;

/** One call of a step: its input may use what earlier calls returned, by label. */
export interface StepCall {
  label: string;
  input: (results: Results) => Record<string, unknown>;
}

/**
 * Realistic inputs for every step, by step id, run in the order of the integration's `steps`. A
 * step missing here fails the fidelity test: add its calls, so its requests are checked too.
 * `results.upload` is the answer of an upload made before the walk (`POST /api/v2/uploads`).
 */
export const STEP_CALLS: Readonly<Record<string, StepCall[]>> = {
  'zendesk.create_ticket': [
    {
      label: 'created',
      input: (r) => ({
        subject: 'Grinder makes a clicking noise',
        description: 'Our Lumen Mill 64 clicks at fine settings since yesterday. Video attached.',
        priority: 'normal',
        type: 'problem',
        assignee_email: 'aiko@lumencoffee.example',
        requester: { name: 'Lena Fischer', email: 'lena@kaffeehaus.example' },
        tags: ['grinders', 'noise'],
        custom_fields: [
          { id: DEMO_FIELDS.orderNumber, value: 'LC-21007' },
          { id: DEMO_FIELDS.productLine, value: 'grinders' },
          { id: DEMO_FIELDS.warrantyClaim, value: false },
        ],
        uploads: [r.upload.upload.token],
      }),
    },
    {
      label: 'note',
      input: () => ({
        subject: 'Restock gasket kits',
        description: 'GK-58 stock is down to 3; order more before the holidays.',
        public: false,
        type: 'task',
        priority: 'low',
        assignee_id: DEMO_USERS.marco,
        requester_id: DEMO_USERS.aiko,
      }),
    },
  ],
  'zendesk.get_ticket': [
    { label: 'leaking', input: () => ({ ticket_id: DEMO_TICKETS.leakingMachine }) },
    { label: 'read', input: (r) => ({ ticket_id: r.created.id }) },
  ],
  'zendesk.search_tickets': [
    {
      label: 'openWarranty',
      input: () => ({
        query: 'status<solved tags:warranty "group head"',
        sort_by: 'updated_at',
        sort_order: 'desc',
      }),
    },
    {
      label: 'allGrinders',
      input: () => ({ query: 'grinder', per_page: 1, all: true, limit: 3 }),
    },
  ],
  'zendesk.update_ticket': [
    {
      label: 'replied',
      input: () => ({
        ticket_id: DEMO_TICKETS.missingBurrs,
        status: 'pending',
        priority: 'high',
        assignee_id: DEMO_USERS.marco,
        custom_fields: [{ id: DEMO_FIELDS.orderNumber, value: 'LC-20977' }],
        comment: { body: 'A burr set is on its way, tracking number to follow.', public: true },
      }),
    },
    {
      label: 'retagged',
      input: () => ({ ticket_id: DEMO_TICKETS.missingBurrs, tags: ['grinders', 'shipping'] }),
    },
    {
      label: 'tagsChanged',
      input: () => ({
        ticket_id: DEMO_TICKETS.leakingMachine,
        add_tags: ['gasket'],
        remove_tags: ['leak'],
      }),
    },
    {
      label: 'handedBack',
      input: (r) => ({
        ticket_id: r.created.id,
        assignee_id: null,
        type: 'incident',
        comment: { body: 'Unassigning: the grinder team takes it from here.', public: false },
      }),
    },
  ],
  'zendesk.list_tickets': [
    { label: 'openUrgent', input: () => ({ status: 'open', priority: 'urgent' }) },
    {
      label: 'recentlyUpdated',
      input: () => ({ updated_after: '2020-01-01', assignee: 'none', all: true, limit: 5 }),
    },
  ],
  'zendesk.api_call': [
    { label: 'me', input: () => ({ endpoint: '/api/v2/users/me.json' }) },
    {
      label: 'photo',
      input: () => ({
        method: 'POST',
        endpoint: '/api/v2/uploads.json?filename=group-head.png',
        body_base64: Buffer.from('not really a photo').toString('base64'),
        content_type: 'image/png',
      }),
    },
    {
      label: 'setTags',
      input: () => ({
        method: 'POST',
        endpoint: `/api/v2/tickets/${DEMO_TICKETS.invoiceCopy}/tags.json`,
        body: { tags: ['billing', 'resent'] },
      }),
    },
    {
      label: 'comments',
      input: () => ({
        endpoint: `/api/v2/tickets/${DEMO_TICKETS.leakingMachine}/comments.json?page[size]=2&sort=-created_at`,
      }),
    },
  ],
  'zendesk.delete_ticket': [{ label: 'deleted', input: (r) => ({ ticket_id: r.note.id }) }],
};
