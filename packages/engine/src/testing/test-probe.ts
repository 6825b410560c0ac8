import {
  type AnyStep,
  defineStep,
  integrationOfStep,
  type ProbeFinding,
  type SentWrite,
  type StepContext,
  Type,
} from '@toolsteps/sdk';
import { type TestStepOptions, type TestStepOutcome, testStep } from './test-step.js';

export interface ProbeCall {
  /** The key of the call whose write is in question: the one its `run` was given. */
  idempotencyKey: string;
  sent: readonly SentWrite[];
}

/**
 * Calls a step's probe as a resumed run does: with a `read` client of the engine (through a
 * stand-in read step, since the test kit runs only steps), the original call's idempotency key,
 * and its recorded sends. A finding's result is checked against the step's output schema.
 */
export function testProbe<R = unknown>(
  step: AnyStep,
  input: Record<string, unknown>,
  call: ProbeCall,
  options: TestStepOptions,
): Promise<TestStepOutcome<ProbeFinding<R>>> {
  const { probe } = step;
  const integration = integrationOfStep(step);
  if (probe === undefined || integration === undefined) {
    throw new Error(`Step "${step.id}" declares no probe, or belongs to no integration loaded so far`);
  }
  const standIn = defineStep({
    id: `${step.id}_probe`,
    title: `Probe of ${step.title}`,
    description: `Asks ${step.id} whether its write happened`,
    effect: 'read',
    input: step.input,
    output: Type.Union([
      Type.Object({ happened: Type.Literal(true), result: step.output }),
      Type.Object({ happened: Type.Literal(false) }),
    ]),
    run: (args, ctx: StepContext) => probe(args, { ...ctx, idempotencyKey: call.idempotencyKey }, call.sent),
  });
  return testStep(standIn, input, {
    ...options,
    integration: { ...integration, steps: [...integration.steps, standIn] },
  });
}

/** The send a run records just before a write leaves, as the journal keeps it. */
export function sentWrite(step: AnyStep, method: string, path: string, at: number): SentWrite {
  return { stepKey: 'step', step: step.id, method, path, at, attempt: 1 };
}
