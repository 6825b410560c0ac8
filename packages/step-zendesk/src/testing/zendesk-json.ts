import type { Attachment, Ticket, TicketComment, ZendeskOrganization, ZendeskUser } from './zendesk-model.js';
import type { ZendeskState } from './zendesk-state.js';

/** Renders records as the API shows them; `origin` is the account's host, e.g. `https://lumencoffee.zendesk.com`. */
export class ZendeskJson {
  constructor(
    private readonly state: ZendeskState,
    private readonly origin: () => string,
  ) {}

  ticket(ticket: Ticket) {
    return {
      url: `${this.origin()}/api/v2/tickets/${ticket.id}.json`,
      id: ticket.id,
      external_id: ticket.external_id ?? null,
      via: { channel: 'web', source: { from: {}, to: {}, rel: null } },
      created_at: ticket.created_at,
      updated_at: ticket.updated_at,
      type: ticket.type,
      subject: ticket.subject,
      raw_subject: ticket.subject,
      description: ticket.description,
      priority: ticket.priority,
      status: ticket.status,
      recipient: null,
      requester_id: ticket.requester_id,
      submitter_id: ticket.submitter_id,
      assignee_id: ticket.assignee_id,
      organization_id: ticket.organization_id,
      group_id: null,
      collaborator_ids: [],
      follower_ids: [],
      email_cc_ids: [],
      has_incidents: false,
      is_public: ticket.comments.some((comment) => comment.public),
      due_at: null,
      tags: [...ticket.tags],
      custom_fields: this.customFields(ticket),
      fields: this.customFields(ticket),
      allow_attachments: true,
      allow_channelback: false,
      from_messaging_channel: false,
    };
  }

  /** Every field of the account appears, set or not (null), as Zendesk lists them. */
  private customFields(ticket: Ticket) {
    return [...this.state.ticketFields.keys()].map((id) => ({
      id,
      value: ticket.custom_fields.find((field) => field.id === id)?.value ?? null,
    }));
  }

  comment(comment: TicketComment, ticket: Ticket) {
    return {
      id: comment.id,
      type: 'Comment',
      author_id: comment.author_id,
      body: comment.body,
      html_body: `<div class="zd-comment" dir="auto"><p dir="auto">${escapeHtml(comment.body)}</p></div>`,
      plain_body: comment.body,
      public: comment.public,
      attachments: comment.attachment_ids.flatMap((id) => {
        const attachment = this.state.attachments.get(id);
        return attachment ? [this.attachment(attachment)] : [];
      }),
      audit_id: comment.id + 1_000_000,
      via: { channel: 'api', source: { from: {}, to: {}, rel: null } },
      created_at: comment.created_at,
      metadata: { system: { client: 'toolsteps-emulator' }, custom: {}, ticket_id: ticket.id },
    };
  }

  attachment(attachment: Attachment) {
    const contentUrl = `${this.origin()}/attachments/token/${attachment.token}/?name=${encodeURIComponent(attachment.file_name)}`;
    return {
      url: `${this.origin()}/api/v2/attachments/${attachment.id}.json`,
      id: attachment.id,
      file_name: attachment.file_name,
      content_url: contentUrl,
      mapped_content_url: contentUrl,
      content_type: attachment.content_type,
      size: attachment.size,
      width: null,
      height: null,
      inline: false,
      deleted: false,
      malware_access_override: false,
      malware_scan_result: 'malware_not_found',
      thumbnails: [],
    };
  }

  user(user: ZendeskUser) {
    return {
      id: user.id,
      url: `${this.origin()}/api/v2/users/${user.id}.json`,
      name: user.name,
      email: user.email,
      created_at: user.created_at,
      updated_at: user.updated_at,
      time_zone: user.time_zone,
      iana_time_zone: user.time_zone,
      phone: null,
      photo: null,
      locale: user.locale,
      locale_id: 1,
      organization_id: user.organization_id,
      role: user.role,
      role_type: null,
      verified: true,
      active: true,
      suspended: false,
      restricted_agent: user.role === 'agent',
      moderator: user.role !== 'end-user',
      only_private_comments: false,
      shared: false,
      shared_agent: false,
      ticket_restriction: user.role === 'end-user' ? 'requested' : null,
      tags: [],
      user_fields: {},
    };
  }

  organization(organization: ZendeskOrganization) {
    return {
      id: organization.id,
      url: `${this.origin()}/api/v2/organizations/${organization.id}.json`,
      name: organization.name,
      domain_names: organization.domain_names,
      created_at: organization.created_at,
      updated_at: organization.updated_at,
      details: '',
      notes: '',
      shared_tickets: false,
      shared_comments: false,
      tags: [],
      organization_fields: {},
    };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
