import { describe, expect, it } from '@jest/globals';
import { runEcho, validateEcho } from './support/run-expression.js';

// /(a+)+$/ against "aaa…a!" backtracks 2^40 times in a backtracking engine, inside one synchronous
// call that no timeout (nor Ctrl-C) can stop; on RE2 it is one linear scan.
const evil = { s: `${'a'.repeat(40)}!` };

describe('a regex with catastrophic backtracking', () => {
  it('ends promptly in $match, with no match', async () => {
    const result = await runEcho('{% $string($count($match($input.s, /(a+)+$/))) %}', evil);
    expect(result.steps[0]).toMatchObject({ status: 'succeeded', result: { text: '0' } });
  }, 10_000);

  it('ends promptly in $match, with the match when there is one', async () => {
    const result = await runEcho('{% $match($input.s, /(a+)+$/).match %}', { s: 'a'.repeat(40) });
    expect(result.steps[0].result).toEqual({ text: 'a'.repeat(40) });
  }, 10_000);

  it('ends promptly in $replace, $contains and $split', async () => {
    const result = await runEcho(
      '{% $replace($input.s, /(a+)+$/, "x") & "|" & $contains($input.s, /(a+)+$/) & "|" & $count($split($input.s, /(a+)+$/)) %}',
      evil,
    );
    expect(result.steps[0].result).toEqual({ text: `${evil.s}|false|1` });
  }, 10_000);

  it('ends promptly in a predicate', async () => {
    const result = await runEcho('{% $string($count([$input.s][$contains($, /(a+)+$/)])) %}', evil);
    expect(result.steps[0].result).toEqual({ text: '0' });
  }, 10_000);
});

describe('a regex run on RE2', () => {
  it('still finds what it should: groups, flags and positions', async () => {
    const result = await runEcho(
      '{% $join($match("A1 b22 C333", /([a-c])([0-9]+)/i).(groups[0] & "=" & groups[1] & "@" & index), ",") %}',
    );
    expect(result.steps[0].result).toEqual({ text: 'A=1@0,b=22@3,C=333@7' });
  }, 10_000);

  it("keeps JavaScript's \\s, which also matches a non-breaking space", async () => {
    const result = await runEcho('{% $join($split($input.s, /\\s+/), "|") %}', { s: 'a\u00a0b \tc' });
    expect(result.steps[0].result).toEqual({ text: 'a|b|c' });
  }, 10_000);
});

describe('a regex whose compiled program is large', () => {
  // RE2's time is linear in the text, but times the size of the program: `{1,999}` copies its
  // group 999 times (4,004 instructions), and one search of 100,000 characters took 20 s.
  it('is refused before a search whose program size × text length is over the limit', async () => {
    const result = await runEcho(
      '{% $string($count($match($pad("", 100000, "a"), /((a|b){1,999})(.*)$/))) %}',
    );
    expect(result.error).toMatchObject({ code: 'expression', step: 'greet', field: '/steps/0/args/text' });
    expect(result.error?.message).toContain('would take 400400000 regex steps');
    expect(result.error?.message).toContain('over the 100000000 limit of an expression');
  }, 10_000);

  it('still runs over a short text', async () => {
    const result = await runEcho('{% $match("abba!", /((a|b){1,999})(.*)$/).groups[0] %}');
    expect(result.steps[0].result).toEqual({ text: 'abba' });
  }, 10_000);

  it('is refused when the workflow is loaded past 10,000 instructions', async () => {
    const result = await validateEcho(`{% $match($input.s, /${'[a-z]{1,1000}'.repeat(6)}/) %}`);
    expect(result.ok ? [] : result.diagnostics).toEqual([
      expect.objectContaining({ code: 'expression-syntax', pointer: '/steps/0/args/text' }),
    ]);
    expect(result.ok ? '' : result.diagnostics[0].message).toContain('over the 10000 limit of an expression');
  });
});
