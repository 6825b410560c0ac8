import { describe, expect, it } from '@jest/globals';
import { formatDiagnostic, loadWorkflow } from '../../src/workflow/index.js';
import { account, MemoryVault } from '../fixtures/validation/memory-vault.js';
import { positionOf, problemsOf, registry, text } from './load-helpers.js';

const vault = () =>
  new MemoryVault([
    account('acc_1', 'tickets', 'acme-support'),
    account('acc_2', 'tickets', 'beta-support'),
    account('acc_3', 'code', 'acme-bot'),
  ]);

const search = (extra: Record<string, unknown> = {}) => ({
  id: 'found',
  step: 'code.search_issues',
  args: { q: 'x' },
  ...extra,
});
const ticket = (extra: Record<string, unknown> = {}) => ({
  id: 'ticket',
  step: 'tickets.create_ticket',
  args: { subject: 'Hi' },
  ...extra,
});

describe('accounts checked against a vault', () => {
  it('accepts accounts named by name or id, a default per integration, and a lone account', async () => {
    const source = text({
      id: 'flow',
      defaults: { accounts: { tickets: 'acc_2' } },
      steps: [search(), ticket(), { ...ticket({ account: 'acme-support' }), id: 'other' }],
    });
    const result = await loadWorkflow({ text: source }, { registry, vault: vault() });
    expect(result).toMatchObject({ ok: true, diagnostics: [] });
  });

  it('suggests the connected account a misspelt name meant', async () => {
    const source = text({ id: 'flow', steps: [ticket({ account: 'acme-suport' })] });
    expect(await problemsOf(source, { vault: vault() })).toEqual([
      expect.objectContaining({
        code: 'unknown-account',
        pointer: '/steps/0/account',
        message:
          'unknown tickets account "acme-suport" (did you mean "acme-support"?) (connected: acme-support, beta-support)',
        ...positionOf(source, '"acme-suport"'),
      }),
    ]);
  });

  it('refuses an account of another integration', async () => {
    const source = text({ id: 'flow', steps: [search({ account: 'acme-support' })] });
    expect(await problemsOf(source, { vault: vault() })).toEqual([
      expect.objectContaining({
        code: 'account-wrong-integration',
        pointer: '/steps/0/account',
        message:
          'account "acme-support" is a tickets account, but a code account is needed here (connected: acme-bot)',
        ...positionOf(source, '"acme-support"'),
      }),
    ]);
  });

  it('says "an" before an integration that starts with a vowel', async () => {
    const source = text({ id: 'flow', steps: [search({ account: 'ops' })] });
    const [problem] = await problemsOf(source, {
      vault: new MemoryVault([account('acc_9', 'admin', 'ops'), account('acc_3', 'code', 'acme-bot')]),
    });
    expect(problem.message).toBe(
      'account "ops" is an admin account, but a code account is needed here (connected: acme-bot)',
    );
  });

  it('refuses a step that names no account when several could serve it', async () => {
    const source = text({ id: 'flow', steps: [ticket()] });
    const [problem] = await problemsOf(source, { vault: vault() });
    expect(problem).toMatchObject({
      code: 'ambiguous-account',
      pointer: '/steps/0/step',
      message:
        'step "ticket" (tickets.create_ticket) names no account and 2 tickets accounts are connected (acme-support, beta-support)',
      hint: 'choose one with "account" on the step or with defaults.accounts.tickets',
      ...positionOf(source, '"tickets.create_ticket"'),
    });
  });

  it('refuses a step whose integration has no connected account', async () => {
    const source = text({ id: 'flow', steps: [search()] });
    const [problem] = await problemsOf(source, {
      vault: new MemoryVault([account('acc_1', 'tickets', 'acme-support')]),
    });
    expect(problem).toMatchObject({
      code: 'no-account',
      message: 'step "found" (code.search_issues) needs a code account and none is connected',
    });
  });

  it('checks the default accounts themselves', async () => {
    const source = text({ id: 'flow', defaults: { accounts: { code: 'nobody' } }, steps: [search()] });
    const [problem] = await problemsOf(source, { vault: vault() });
    expect(problem).toMatchObject({
      code: 'unknown-account',
      pointer: '/defaults/accounts/code',
      message: 'unknown code account "nobody" (connected: acme-bot)',
    });
  });

  it('leaves accounts alone without a vault, and never shows credentials', async () => {
    const source = text({ id: 'flow', steps: [search({ account: 'anyone' }), ticket()] });
    expect((await loadWorkflow({ text: source }, { registry })).ok).toBe(true);
    const problems = await problemsOf(
      text({ id: 'flow', steps: [search({ account: 'acme-suport' }), ticket()] }),
      {
        vault: vault(),
      },
    );
    expect(problems.map(formatDiagnostic).join('\n')).not.toContain('secret-');
  });
});
