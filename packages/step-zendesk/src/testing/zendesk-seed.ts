import type { Ticket, TicketComment, ZendeskUser } from './zendesk-model.js';
import type { ZendeskState } from './zendesk-state.js';

export const DEMO_SUBDOMAIN = 'lumencoffee';
/** The account's id, which Zendesk sends with each webhook request (`X-Zendesk-Account-Id`). */
export const DEMO_ACCOUNT_ID = 10_482_213;
/**
 * The OAuth client registered in the account, which the demo tokens were granted to: its unique
 * identifier and secret, as the authorization and token endpoints take them.
 */
export const DEMO_CLIENT = { clientId: 'toolsteps', clientSecret: 'zd-demo-client-secret-5e1f' } as const;
/** The demo client's record id: the `client_id` its tokens show in the OAuth Tokens API. */
export const DEMO_CLIENT_RECORD_ID = 360_000_812;
/** Seeded credentials. Access tokens of the seed do not expire; `issueTokens` makes ones that do. */
export const DEMO_TOKENS = {
  /** Marco, an agent. */
  agentAccess: 'zd-demo-access-marco-2c9a',
  agentRefresh: 'zd-demo-refresh-marco-81f0',
  /** Jordan, an end user: refused (403) by agent endpoints. */
  endUserAccess: 'zd-demo-access-jordan-77b3',
  /** An API token of the account, used with an agent's or admin's email. */
  apiToken: 'zd-demo-api-token-a41d09',
} as const;

export const DEMO_USERS = {
  admin: 381_000_001,
  marco: 381_000_002,
  aiko: 381_000_003,
  jordan: 381_000_101,
  sofia: 381_000_102,
  sam: 381_000_103,
} as const;
export const DEMO_ORGANIZATIONS = { brightside: 362_000_001, harbor: 362_000_002 } as const;
export const DEMO_FIELDS = { orderNumber: 360_001, productLine: 360_002, warrantyClaim: 360_003 } as const;
export const DEMO_TICKETS = { leakingMachine: 1042, missingBurrs: 1043, invoiceCopy: 1044 } as const;

export const DEMO_TRIGGER_CATEGORY = '10001';

const DAY = '2029-11-0';

/** Lumen Coffee Roasters' help desk: three staff, three customers in two organizations, three tickets. */
export function seedZendeskState(state: ZendeskState): ZendeskState {
  const user = (
    id: number,
    name: string,
    email: string,
    role: ZendeskUser['role'],
    organization_id: number | null,
  ) =>
    state.users.set(id, {
      id,
      name,
      email,
      role,
      organization_id,
      time_zone: 'Europe/Lisbon',
      locale: 'en-US',
      created_at: '2029-01-15T09:00:00Z',
      updated_at: '2029-01-15T09:00:00Z',
    });
  user(DEMO_USERS.admin, 'Priya Raman', 'priya@lumencoffee.example', 'admin', null);
  user(DEMO_USERS.marco, 'Marco Bellini', 'marco@lumencoffee.example', 'agent', null);
  user(DEMO_USERS.aiko, 'Aiko Tanaka', 'aiko@lumencoffee.example', 'agent', null);
  user(
    DEMO_USERS.jordan,
    'Jordan Blake',
    'jordan@brightside.example',
    'end-user',
    DEMO_ORGANIZATIONS.brightside,
  );
  user(DEMO_USERS.sofia, 'Sofia Alvarez', 'sofia@harborbooks.example', 'end-user', DEMO_ORGANIZATIONS.harbor);
  user(DEMO_USERS.sam, 'Sam Okafor', 'sam.okafor@mail.example', 'end-user', null);

  const organization = (id: number, name: string, domain: string) =>
    state.organizations.set(id, {
      id,
      name,
      domain_names: [domain],
      created_at: '2029-01-10T08:00:00Z',
      updated_at: '2029-01-10T08:00:00Z',
    });
  organization(DEMO_ORGANIZATIONS.brightside, 'Brightside Café', 'brightside.example');
  organization(DEMO_ORGANIZATIONS.harbor, 'Harbor Books', 'harborbooks.example');

  state.ticketFields.set(DEMO_FIELDS.orderNumber, {
    id: DEMO_FIELDS.orderNumber,
    type: 'text',
    title: 'Order number',
    description: 'The web shop order the request is about',
    required: false,
  });
  state.ticketFields.set(DEMO_FIELDS.productLine, {
    id: DEMO_FIELDS.productLine,
    type: 'tagger',
    title: 'Product line',
    description: 'Which of our products is concerned',
    required: false,
    options: [
      { name: 'Espresso machines', value: 'espresso_machines' },
      { name: 'Grinders', value: 'grinders' },
      { name: 'Beans and subscriptions', value: 'beans' },
    ],
  });
  state.ticketFields.set(DEMO_FIELDS.warrantyClaim, {
    id: DEMO_FIELDS.warrantyClaim,
    type: 'checkbox',
    title: 'Warranty claim',
    description: 'Checked when the customer claims warranty',
    required: false,
  });

  ticket(state, {
    id: DEMO_TICKETS.leakingMachine,
    subject: 'Espresso machine leaking from the group head',
    status: 'open',
    priority: 'high',
    type: 'incident',
    requester_id: DEMO_USERS.jordan,
    assignee_id: DEMO_USERS.marco,
    organization_id: DEMO_ORGANIZATIONS.brightside,
    tags: ['espresso_machines', 'leak', 'warranty'],
    custom_fields: [
      { id: DEMO_FIELDS.orderNumber, value: 'LC-20931' },
      { id: DEMO_FIELDS.productLine, value: 'espresso_machines' },
      { id: DEMO_FIELDS.warrantyClaim, value: true },
    ],
    day: 1,
    comments: [
      [
        DEMO_USERS.jordan,
        true,
        'Since Monday our Lumen Duo drips water from the group head during every shot. Order LC-20931.',
      ],
      [
        DEMO_USERS.marco,
        false,
        'Probably the group gasket; the machine is 10 months old, so under warranty.',
      ],
      [
        DEMO_USERS.marco,
        true,
        'Sorry about that! Could you send a photo of the group head while pulling a shot?',
      ],
      [DEMO_USERS.jordan, true, 'Photo attached in my next mail; it leaks on the left side.'],
      [DEMO_USERS.aiko, false, 'Gasket kit GK-58 reserved in the warehouse for this customer.'],
    ],
  });
  ticket(state, {
    id: DEMO_TICKETS.missingBurrs,
    subject: 'Grinder order arrived without burrs',
    status: 'new',
    priority: 'normal',
    type: 'question',
    requester_id: DEMO_USERS.sofia,
    assignee_id: null,
    organization_id: DEMO_ORGANIZATIONS.harbor,
    tags: ['grinders'],
    custom_fields: [{ id: DEMO_FIELDS.productLine, value: 'grinders' }],
    day: 3,
    comments: [
      [DEMO_USERS.sofia, true, 'The box of our Lumen Mill 64 had no burr set inside. Can you ship one?'],
    ],
  });
  ticket(state, {
    id: DEMO_TICKETS.invoiceCopy,
    subject: 'Invoice copy for the March bean subscription',
    status: 'solved',
    priority: 'low',
    type: 'task',
    requester_id: DEMO_USERS.sam,
    assignee_id: DEMO_USERS.aiko,
    organization_id: null,
    tags: ['billing', 'beans'],
    custom_fields: [],
    day: 5,
    comments: [
      [DEMO_USERS.sam, true, 'Could I get a copy of the invoice for my March subscription?'],
      [DEMO_USERS.aiko, true, 'Here it is, attached as PDF. Thanks for drinking Lumen!'],
    ],
  });

  state.triggerCategories.set(DEMO_TRIGGER_CATEGORY, {
    id: DEMO_TRIGGER_CATEGORY,
    name: 'Notifications',
    position: 1,
    created_at: '2029-01-15T09:00:00Z',
    updated_at: '2029-01-15T09:00:00Z',
  });
  const granted = { clientId: DEMO_CLIENT_RECORD_ID, scopes: ['read', 'write'] };
  state.addGrant({
    accessToken: DEMO_TOKENS.agentAccess,
    refreshToken: DEMO_TOKENS.agentRefresh,
    userId: DEMO_USERS.marco,
    ...granted,
  });
  state.addGrant({ accessToken: DEMO_TOKENS.endUserAccess, userId: DEMO_USERS.jordan, ...granted });
  state.apiTokens.add(DEMO_TOKENS.apiToken);
  return state;
}

type SeedComment = [author: number, isPublic: boolean, body: string];

function ticket(
  state: ZendeskState,
  seed: Omit<Ticket, 'comments' | 'created_at' | 'updated_at' | 'description' | 'submitter_id'> & {
    day: number;
    comments: SeedComment[];
  },
): void {
  const { day, comments, ...fields } = seed;
  const comment = ([author_id, isPublic, body]: SeedComment, index: number): TicketComment => ({
    id: state.nextId('comment', 5_010_000_001),
    author_id,
    body,
    public: isPublic,
    attachment_ids: [],
    created_at: `${DAY}${day}T${String(9 + index).padStart(2, '0')}:15:00Z`,
  });
  const made = comments.map(comment);
  state.tickets.set(seed.id, {
    ...fields,
    description: comments[0][2],
    submitter_id: seed.requester_id,
    comments: made,
    created_at: made[0].created_at,
    updated_at: made[made.length - 1].created_at,
  });
}
