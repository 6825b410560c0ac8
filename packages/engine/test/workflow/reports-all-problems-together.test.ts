import { describe, expect, it } from '@jest/globals';
import { StepError } from '@toolsteps/sdk';
import {
  formatDiagnostic,
  loadWorkflow,
  loadWorkflowOrThrow,
  WorkflowInvalidError,
} from '../../src/workflow/index.js';
import { account, MemoryVault } from '../fixtures/validation/memory-vault.js';
import { registry, text } from './load-helpers.js';

const source = text({
  id: 'flow',
  steps: [
    { id: 'found', step: 'code.search_issue', args: { q: 'x' } },
    {
      id: 'found',
      step: 'tickets.create_ticket',
      account: 'acme-suport',
      args: { subject: 'Hi', priority: 'high' },
    },
    { id: 'wipe', step: 'tickets.delete_all', assign: { result: '{% $isues %}' } },
    { id: 'sum', assign: { total: '{% $count( %}' } },
  ],
});
const vault = new MemoryVault([account('acc_1', 'tickets', 'acme-support')]);

describe('a workflow with many problems', () => {
  it('gets every semantic problem in one result, in file order', async () => {
    const result = await loadWorkflow({ text: source, file: 'flow.json' }, { registry, vault });
    expect(result.ok).toBe(false);
    expect('workflow' in result).toBe(false);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.pointer])).toEqual([
      ['unknown-step', '/steps/0/step'],
      ['duplicate-step-id', '/steps/1/id'],
      ['unknown-account', '/steps/1/account'],
      ['invalid-args', '/steps/1/args/priority'],
      ['step-unavailable', '/steps/2/step'],
      ['reserved-name', '/steps/2/assign/result'],
      ['unknown-variable', '/steps/2/assign/result'],
      ['expression-syntax', '/steps/3/assign/total'],
    ]);
    const lines = result.diagnostics.map((diagnostic) => diagnostic.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it('throws them all as one validation error when asked to', async () => {
    const thrown = await loadWorkflowOrThrow({ text: source, file: 'flow.json' }, { registry, vault }).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(WorkflowInvalidError);
    expect(thrown).toBeInstanceOf(StepError);
    const error = thrown as WorkflowInvalidError;
    expect(error.code).toBe('validation');
    expect(error.diagnostics).toHaveLength(8);
    const [heading, ...listed] = error.message.split('\n').filter((line) => !line.startsWith('    hint:'));
    expect(heading).toBe('Workflow flow.json is invalid (8 problems):');
    expect(listed).toEqual(
      error.diagnostics.map((diagnostic) => `  ${formatDiagnostic(diagnostic).split('\n')[0]}`),
    );
    expect(listed[0]).toMatch(
      /^ {2}flow\.json:\d+:\d+ \/steps\/0\/step unknown step "code\.search_issue" \(did you mean "code\.search_issues"\?\)$/,
    );
  });
});
