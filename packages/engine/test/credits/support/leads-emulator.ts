import { createEmulator, type Emulator } from '@toolsteps/emulator';

export interface LeadsEmulatorOptions {
  /** Whether answers say what they cost (`credits_used`); default true. */
  reportsCredits?: boolean;
}

/**
 * The leads provider: an email with `phone` in it has a phone number (2 credits), one with
 * `nobody` has no match (0 credits), any other is found without a phone (1 credit).
 */
export function startLeadsEmulator(options: LeadsEmulatorOptions = {}): Promise<Emulator> {
  const reports = options.reportsCredits ?? true;
  const priced = (body: Record<string, unknown>, credits: number) =>
    reports ? { ...body, credits_used: credits } : body;
  return createEmulator({
    routes: (app) => {
      app.get('/contacts', (c) => {
        const contact = contactOf(c.req.query('email') ?? '');
        return c.json(priced({ contact }, costOf(contact)));
      });
      app.get('/contacts/bulk', (c) => {
        const contacts = (c.req.query('emails') ?? '').split(',').map(contactOf);
        return c.json(
          priced(
            { contacts },
            contacts.reduce((sum, contact) => sum + costOf(contact), 0),
          ),
        );
      });
      app.get('/companies', (c) => c.json({ name: `Company of ${c.req.query('domain')}` }));
      app.get('/usage', (c) => c.json({ left: 100 }));
    },
  });
}

function contactOf(email: string): { email: string; phone?: string } | null {
  if (email.includes('nobody')) return null;
  return email.includes('phone') ? { email, phone: '+1 555 0100' } : { email };
}

function costOf(contact: { phone?: string } | null): number {
  if (contact === null) return 0;
  return contact.phone ? 2 : 1;
}
