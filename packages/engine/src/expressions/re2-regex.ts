import { compileForRe2, type PatternOrigin } from '@toolsteps/sdk/schema';
import type { RE2JS } from 're2js';
import { ExpressionLimitError, WORK_LIMITS } from './expression-limits.js';

/**
 * The part of a RegExp that JSONata uses (see `evaluateRegex` in jsonata.js): `exec` from
 * `lastIndex`, which then moves past the match, as a global RegExp does.
 */
export class Re2RegExp {
  lastIndex = 0;
  private readonly re2: RE2JS;
  private readonly programSize: number;
  private readonly subject: string;

  /** `origin` names a pattern the expression did not write itself (one a built-in made). */
  constructor(regex: RegExp, origin?: PatternOrigin) {
    this.re2 = compileForRe2(regex, origin);
    this.programSize = this.re2.programSize();
    this.subject = origin?.subject ?? `The regex /${regex.source.slice(0, 40)}/`;
  }

  exec(text: string): RegExpExecArray | null {
    // The worst case of one search; a loop of searches checks the timeout between them.
    const work = this.programSize * Math.max(0, text.length - this.lastIndex);
    if (work > WORK_LIMITS.maxRegexWork) {
      const builder = `${this.subject} over ${text.length} characters`;
      throw new ExpressionLimitError(builder, 'regex', work, WORK_LIMITS.maxRegexWork);
    }
    const matcher = this.re2.matcher(text);
    if (this.lastIndex > text.length || !matcher.find(this.lastIndex)) {
      this.lastIndex = 0;
      return null;
    }
    const groups: Array<string | undefined> = [];
    for (let group = 0; group <= matcher.groupCount(); group++)
      groups.push(matcher.group(group) ?? undefined);
    const result = Object.assign(groups, { index: matcher.start(), input: text }) as RegExpExecArray;
    this.lastIndex = matcher.end();
    return result;
  }
}
