import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { BindingInvalidError, loadBinding, loadBindingOrThrow } from '../../src/triggers/index.js';
import { account, MemoryVault } from '../fixtures/validation/memory-vault.js';
import { BOARD, bindingText, load, registry } from './binding-helpers.js';

describe('a valid binding', () => {
  it('loads with its trigger, config, compiled expressions and workflow', async () => {
    const result = await load(bindingText());
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    const { binding } = result;
    expect(binding).toMatchObject({
      id: 'triage-new-bugs',
      account: 'board-main',
      config: { board: 'roadmap' },
      file: join(BOARD, 'test.binding.json'),
    });
    expect(binding.trigger.id).toBe('board.new_card');
    expect(binding.integration.id).toBe('board');
    expect(binding.workflow.id).toBe('triage-card');
    expect(binding.filter?.isLiteral).toBe(false);
    expect(binding.intervalMs).toBeUndefined();
  });

  it('loads from its file, finding the workflow beside it', async () => {
    const result = await loadBinding(join(BOARD, 'new-bugs.binding.json'), { registry });
    expect(result.ok).toBe(true);
  });

  it("of a poll trigger polls at the trigger's interval, or at its own", async () => {
    const poll = {
      trigger: 'board.archived_card',
      filter: undefined,
      input: { cardId: '{% $event.card.id %}', title: 'Archived' },
    };
    const byDefault = await load(bindingText(poll));
    const own = await load(bindingText({ ...poll, interval: '2m' }));
    expect(byDefault.ok && byDefault.binding.intervalMs).toBe(300_000);
    expect(own.ok && own.binding.intervalMs).toBe(120_000);
  });

  it('checks its account only when a vault is given', async () => {
    const vault = new MemoryVault([account('board-main', 'board', 'Main board')]);
    expect((await load(bindingText(), { vault })).ok).toBe(true);
    expect((await load(bindingText({ account: 'Main board' }), { vault })).ok).toBe(true);
  });

  it('with problems, throws them all as one validation error when asked to', async () => {
    const thrown = await loadBindingOrThrow(
      { text: bindingText({ trigger: 'board.new_crd' }) },
      // A binding given as text, without a file, finds its workflow from `cwd`.
      { registry, cwd: BOARD },
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(BindingInvalidError);
    expect((thrown as BindingInvalidError).message).toBe(
      'Binding is invalid (1 problem):\n  3:14 /trigger unknown trigger "board.new_crd" (did you mean "board.new_card"?)\n    hint: list the installed triggers with `toolsteps triggers`',
    );
  });
});
