import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type AdminEmulator, createAdminEmulator } from '../../src/testing/index.js';
import { ADA, accountAuth, call, grant, KIM } from './admin-http.js';

describe('POST /latest/projects/create', () => {
  let emulator: AdminEmulator;
  const acme = { name: 'Billing bots', description: 'Agents for billing', organization_id: 'org-acme' };

  beforeAll(async () => {
    emulator = await createAdminEmulator();
  });
  beforeEach(() => emulator.resetState());
  afterAll(() => emulator.close());

  it('creates numbered projects whose creator is their admin', async () => {
    const first = await call(emulator, 'EU', '/latest/projects/create', {
      auth: accountAuth(ADA),
      body: acme,
    });
    const second = await call(emulator, 'EU', '/latest/projects/create', {
      auth: accountAuth(ADA),
      body: { ...acme, name: 'Sales bots' },
    });
    expect(first).toMatchObject({ status: 200, body: { project_id: 'proj-1' } });
    expect(second.body).toEqual({ project_id: 'proj-2' });
    expect(emulator.projects.get('proj-1')).toMatchObject({
      organization_id: 'org-acme',
      name: 'Billing bots',
      description: 'Agents for billing',
    });
    expect(emulator.projectUsers('proj-1')).toEqual(new Map([['user-ada', grant({ admin: true })]]));
  });

  it('refuses a key whose user is not a member of the organization with 403', async () => {
    const answer = await call(emulator, 'EU', '/latest/projects/create', {
      auth: accountAuth(KIM),
      body: acme,
    });
    expect(answer).toMatchObject({ status: 403, body: { message: expect.stringContaining('org-acme') } });
    expect(emulator.projects.size).toBe(1);
  });

  it('sends a caller at the wrong region to the right base address with 421', async () => {
    const answer = await call(emulator, 'US', '/latest/projects/create', {
      auth: accountAuth(ADA),
      body: acme,
    });
    expect(answer).toEqual({
      status: 421,
      contentType: expect.stringContaining('json'),
      body: { message: 'organization org-acme is hosted in EU; use the EU base address' },
    });
    const kiwi = await call(emulator, 'EU', '/latest/projects/create', {
      auth: accountAuth(KIM),
      body: { ...acme, organization_id: 'org-kiwi' },
    });
    expect(kiwi).toMatchObject({ status: 421, body: { message: expect.stringContaining('hosted in AU') } });
    expect(emulator.projects.size).toBe(1);
  });

  it('answers an unknown organization with 404', async () => {
    const answer = await call(emulator, 'EU', '/latest/projects/create', {
      auth: accountAuth(ADA),
      body: { ...acme, organization_id: 'org-nope' },
    });
    expect(answer).toMatchObject({ status: 404, body: { message: 'Organization "org-nope" not found' } });
  });

  it.each(['name', 'description', 'organization_id'])(
    'names the missing field %s with 400',
    async (field) => {
      const body: Record<string, unknown> = { ...acme };
      delete body[field];
      const answer = await call(emulator, 'EU', '/latest/projects/create', { auth: accountAuth(ADA), body });
      expect(answer).toMatchObject({ status: 400, body: { message: expect.stringContaining(field) } });
      expect(emulator.projects.size).toBe(1);
    },
  );

  it('refuses a field of the wrong type with 422', async () => {
    const answer = await call(emulator, 'EU', '/latest/projects/create', {
      auth: accountAuth(ADA),
      body: { ...acme, name: 42 },
    });
    expect(answer).toMatchObject({ status: 422, body: { message: 'name must be a string' } });
  });

  it('wants a JSON object sent as application/json', async () => {
    const auth = accountAuth(ADA);
    const notJson = await call(emulator, 'EU', '/latest/projects/create', { auth, body: '{"name":' });
    const array = await call(emulator, 'EU', '/latest/projects/create', { auth, body: [acme] });
    const form = await call(emulator, 'EU', '/latest/projects/create', {
      auth,
      body: 'name=x',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(notJson).toMatchObject({ status: 400, body: { message: 'The body is not valid JSON' } });
    expect(array).toMatchObject({ status: 400, body: { message: 'The body must be a JSON object' } });
    expect(form).toMatchObject({
      status: 415,
      body: { message: expect.stringContaining('application/json') },
    });
    expect(emulator.projects.size).toBe(1);
  });
});
