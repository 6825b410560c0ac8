import type { TicketEventJson } from './ticket-event.js';

const marco = { id: 381000002, name: 'Marco Bellini', email: 'marco@lumencoffee.example' };

/** A realistic event: an espresso machine ticket at Lumen Coffee, as the trigger's webhook renders it. */
export const SAMPLE_EVENT: TicketEventJson = {
  event: 'ticket.created',
  ticket: {
    id: 1042,
    url: 'https://lumencoffee.zendesk.com/agent/tickets/1042',
    subject: 'Espresso machine leaking at the Harbor St store',
    description: 'The group head drips constantly since this morning. Can someone come by?',
    status: 'open',
    priority: 'high',
    type: 'incident',
    tags: ['hardware', 'harbor'],
    created_at: '2026-03-02T08:14:09Z',
    updated_at: '2026-03-02T09:40:51Z',
    requester: { id: 381000101, name: 'Jordan Blake', email: 'jordan@brightside.example' },
    assignee: marco,
    latest_comment: {
      body: 'A technician is booked for 2 pm today.',
      public: true,
      author: marco,
      created_at: '2026-03-02T09:40:51Z',
    },
  },
  updated_by: marco,
};
