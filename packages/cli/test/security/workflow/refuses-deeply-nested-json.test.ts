import { describe, expect, it } from '@jest/globals';
import { loadWorkflowOrThrow, WorkflowInvalidError } from '@toolsteps/engine';
import { unsafeJsonValue } from '../../../../engine/src/validation/untrusted-json.js';
import { positionOf, problemsOf, registry } from '../../../../engine/test/workflow/load-helpers.js';
import { readRunInput } from '../../../src/read-input.js';

/** A workflow whose one step assigns an array nested `depth` levels deep. */
function nested(depth: number): string {
  const value = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return `{\n  "id": "flow",\n  "steps": [\n    { "id": "a", "assign": { "deep": ${value} } }\n  ]\n}`;
}

describe('JSON nested deeper than 256 levels', () => {
  it.each([5_000, 100_000])(
    'is refused at the bracket that opens level 257, %i levels deep, without overflowing the stack',
    async (depth) => {
      const source = nested(depth);
      const problems = await problemsOf(source);

      expect(problems).toEqual([
        {
          code: 'too-deep',
          message: 'nested more than 256 levels deep; no workflow needs that many',
          // Four levels hold the value ({, steps, the step, assign): its 253rd bracket opens level 257.
          pointer: `/steps/0/assign/deep${'/0'.repeat(252)}`,
          file: 'flow.json',
          ...positionOf(source, '[[[', 252),
        },
      ]);
    },
  );

  it('makes load() throw the usual WorkflowInvalidError, never a RangeError', async () => {
    const thrown = await loadWorkflowOrThrow({ text: nested(100_000) }, { registry }).catch((e) => e);

    expect(thrown).toBeInstanceOf(WorkflowInvalidError);
    expect((thrown as WorkflowInvalidError).diagnostics.map((d) => d.code)).toEqual(['too-deep']);
  });

  it('counts only brackets outside strings: a string full of them is just text', async () => {
    const brackets = `\\"${'['.repeat(1_000)}`;
    const source = `{ "id": "flow", "steps": [{ "id": "a", "assign": { "s": "${brackets}" } }] }`;

    await expect(loadWorkflowOrThrow({ text: source }, { registry })).resolves.toMatchObject({ id: 'flow' });
  });

  it('accepts 256 levels, as deep as the limit goes', async () => {
    const source = nested(256 - 4);

    await expect(loadWorkflowOrThrow({ text: source }, { registry })).resolves.toMatchObject({ id: 'flow' });
  });

  it('refuses run input nested that deep too, saying where (toolsteps run --input)', async () => {
    const input = `{"items": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;

    await expect(readRunInput(input)).rejects.toThrow(
      '--input is nested more than 256 levels deep (at 1:266)',
    );
  });

  it('finds a parsed value nested that deep without recursing, for input handed over in code', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level++) deep = [deep];

    expect(unsafeJsonValue({ items: deep })).toEqual({
      problem: 'too-deep',
      pointer: `/items${'/0'.repeat(255)}`,
    });
    expect(unsafeJsonValue({ items: [[['fine']]] })).toBeUndefined();
  });
});
