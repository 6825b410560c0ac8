import { beforeEach, describe, expect, it } from '@jest/globals';
import type { AnyStep } from '@toolsteps/engine';
import { testStep } from '@toolsteps/engine/testing';
import { createTicket, updateTicket } from '../../src/index.js';
import { DEMO_TICKETS, DEMO_USERS } from '../../src/testing/index.js';
import { BINDINGS } from './binding-files.js';
import { useTriggerHost } from './trigger-host-world.js';

describe('each Zendesk trigger end to end: a step changes a ticket, Zendesk delivers, the workflow runs', () => {
  const world = useTriggerHost();
  beforeEach(async () => {
    for (const binding of BINDINGS) await world.host.activate(binding.id);
  });

  /** Runs a step as Marco (an agent), then says which bindings ran their workflow, and which were delivered to without running. */
  async function after(step: AnyStep, input: Record<string, unknown>) {
    const outcome = await testStep<{ ticket?: { id: number } }>(step, input, {
      account: world.emulator.account,
    });
    expect(outcome.error).toBeUndefined();
    await world.settled();
    const deliveries = await world.host.deliveries();
    const ran = (runs: boolean) =>
      deliveries
        .filter((delivery) => delivery.runs.some((run) => run.status === 'succeeded') === runs)
        .map((delivery) => delivery.bindingId)
        .sort();
    expect(world.emulator.deliveries.map((delivery) => delivery.statusCode)).not.toContain(401);
    return {
      ran: ran(true),
      idle: ran(false),
      ticketId: (outcome.result as any)?.ticket?.id ?? (outcome.result as any)?.id,
    };
  }
  const tagsOf = (id: number) => world.emulator.state.tickets.get(id)?.tags ?? [];

  it('registers one webhook and one trigger per binding, with Zendesk’s secret kept for each', async () => {
    const { automation } = world.emulator.state;
    expect(automation.webhooks.size).toBe(BINDINGS.length);
    expect(automation.triggers.size).toBe(BINDINGS.length);
    for (const binding of BINDINGS) {
      const activation = await world.host.store.activation(binding.id);
      expect(activation?.secret).toBe(
        automation.webhooks.get(String(activation?.registration?.webhookId))?.signingSecret,
      );
    }
  });

  it('a ticket created fires new_ticket; created assigned, ticket_assigned too', async () => {
    const plain = await after(createTicket, {
      subject: 'Grinder jams on fine setting',
      description: 'It stops after 5 s.',
    });
    expect(plain.ran).toEqual(['on-new-ticket']);
    const id = Math.max(...world.emulator.state.tickets.keys());
    expect(tagsOf(id)).toContain('fired_ticket_created');

    const assigned = await after(createTicket, {
      subject: 'Card reader offline',
      description: 'Since the update.',
      assignee_id: DEMO_USERS.aiko,
    });
    expect(assigned.ran).toEqual(['on-assigned', 'on-new-ticket', 'on-new-ticket']);
  });

  it('a status change fires ticket_status_changed, with the ticket mapped into the run', async () => {
    const { ran } = await after(updateTicket, { ticket_id: DEMO_TICKETS.leakingMachine, status: 'pending' });

    expect(ran).toEqual(['on-status']);
    expect(tagsOf(DEMO_TICKETS.leakingMachine)).toContain('fired_ticket_status_changed');
  });

  it('a priority change fires ticket_priority_changed; the binding’s filter runs only urgent ones', async () => {
    const low = await after(updateTicket, { ticket_id: DEMO_TICKETS.leakingMachine, priority: 'low' });
    expect(low).toMatchObject({ ran: [], idle: ['on-urgent'] });

    const urgent = await after(updateTicket, { ticket_id: DEMO_TICKETS.leakingMachine, priority: 'urgent' });
    expect(urgent.ran).toEqual(['on-urgent']);
    expect(tagsOf(DEMO_TICKETS.leakingMachine)).toContain('fired_ticket_priority_changed');
  });

  it('a public comment fires new_comment; an internal note is left out by public_only', async () => {
    const note = await after(updateTicket, {
      ticket_id: DEMO_TICKETS.missingBurrs,
      comment: { body: 'Checked stock: none left.', public: false },
    });
    expect(note).toMatchObject({ ran: [], idle: ['on-comment'] });

    const reply = await after(updateTicket, {
      ticket_id: DEMO_TICKETS.missingBurrs,
      comment: { body: 'New burrs ship tomorrow.', public: true },
    });
    expect(reply.ran).toEqual(['on-comment']);
    expect(tagsOf(DEMO_TICKETS.missingBurrs)).toContain('fired_ticket_comment_added');
  });

  it('an assignment fires ticket_assigned; unassigning does not', async () => {
    const { ran } = await after(updateTicket, {
      ticket_id: DEMO_TICKETS.missingBurrs,
      assignee_id: DEMO_USERS.marco,
    });
    expect(ran).toEqual(['on-assigned']);
    expect(tagsOf(DEMO_TICKETS.missingBurrs)).toContain('fired_ticket_assigned');

    const before = world.emulator.deliveries.length;
    await after(updateTicket, { ticket_id: DEMO_TICKETS.missingBurrs, assignee_id: null });
    expect(world.emulator.deliveries.slice(before)).toEqual([]);
  });
});
