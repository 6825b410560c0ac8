import type { SentWrite } from '@toolsteps/sdk';
import type { RunResult, RunStart, SpentCredits, StepTrace } from '../../src/ports/events.js';

/** Records as the engine hands them to a journal, with only what a test changes spelled out. */

export const DEFINITION = { id: 'wf', steps: [{ id: 'add', step: 'tasks.add_task' }] };

export const runStart = (runId: string, fields: Partial<RunStart> = {}): RunStart => ({
  runId,
  workflowId: 'wf',
  definition: DEFINITION,
  workflowFile: 'flows/wf.json',
  input: { title: 'Ship it' },
  startedAt: 1_000,
  ...fields,
});

export const stepTrace = (stepKey: string, fields: Partial<StepTrace> = {}): StepTrace => ({
  stepKey,
  id: stepKey,
  step: 'tasks.add_task',
  status: 'succeeded',
  attempts: 1,
  startedAt: 1_100,
  durationMs: 20,
  args: { title: 'Ship it' },
  result: { id: 7 },
  ...fields,
});

export const runResult = (runId: string, fields: Partial<RunResult> = {}): RunResult => ({
  runId,
  workflowId: 'wf',
  status: 'succeeded',
  output: 'done',
  vars: { count: 1 },
  steps: [],
  startedAt: 1_000,
  durationMs: 500,
  ...fields,
});

export const sentWrite = (stepKey: string, fields: Partial<SentWrite> = {}): SentWrite => ({
  stepKey,
  step: 'tasks.add_task',
  method: 'POST',
  path: '/tasks',
  at: 1_150,
  attempt: 1,
  ...fields,
});

export const spentCredits = (stepKey: string, fields: Partial<SpentCredits> = {}): SpentCredits => ({
  stepKey,
  accountId: 'leads-main',
  stepPointer: '/steps/0',
  spent: 2,
  estimated: false,
  ...fields,
});

/** A step that failed with its write's outcome unknown, as the engine records it. */
export const unknownOutcome = (stepKey: string): StepTrace =>
  stepTrace(stepKey, {
    status: 'failed',
    result: undefined,
    error: { code: 'upstream', message: 'POST /tasks timed out', step: stepKey, retryable: true },
    outcome: 'unknown',
    outcomeReason: 'POST /tasks timed out after it was sent',
  });
