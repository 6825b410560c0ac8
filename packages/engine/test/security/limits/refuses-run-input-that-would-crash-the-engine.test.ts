import { describe, expect, it } from '@jest/globals';
import { runCalc } from '../../execution/run-helpers.js';

// Run input handed over in code skips the CLI's checks: the engine itself refuses what would
// overflow a recursive walk or lose a key, before any step runs.
const workflow = {
  id: 'echo',
  input: { type: 'object' },
  steps: [{ id: 'add', step: 'calc.add', args: { a: 1, b: 2 } }],
  output: '{% $input %}',
};

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = { inner: value };
  return value;
}

describe('run input that would crash or fool the engine is refused before any step runs', () => {
  it('refuses input nested 100,000 levels deep with a validation error naming where', async () => {
    const { result } = await runCalc(workflow, nested(100_000));
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject({ code: 'validation' });
    expect(result.error?.message).toMatch(
      /^The run input is nested deeper than 256 levels at \/input\/inner\/inner/,
    );
    expect(result.steps).toEqual([]);
  });

  it('refuses a __proto__ key, which a copy would silently drop', async () => {
    const input = JSON.parse('{"user": {"__proto__": {"admin": true}}}');
    const { result } = await runCalc(workflow, input);
    expect(result.error).toMatchObject({ code: 'validation', field: '/input/user/__proto__' });
    expect(result.steps).toEqual([]);
  });

  it('still runs ordinary input', async () => {
    const { result } = await runCalc(workflow, nested(50));
    expect(result.status).toBe('succeeded');
  });
});
