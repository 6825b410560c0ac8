import { StepError } from '../step-error.js';
import { compileForRe2, REGEX_LIMITS } from './re2-compile.js';

/** What ajv's `code.regExp` option takes: `pattern` and `patternProperties` are compiled through it. */
export interface PatternEngine {
  (pattern: string, flags: string): { test(text: string): boolean };
  code: string;
}

/**
 * JSON Schema patterns on RE2, like the regexes of expressions: a `pattern` such as `^(a+)+$`
 * checks a string in linear time instead of backtracking for minutes inside one synchronous call.
 * `native` lets a pattern RE2 refuses (lookaround, backreferences) run on RegExp: only for schemas
 * the engine trusts (integrations'); a workflow's own input schema is refused at load instead.
 */
export function re2Patterns(unsupported: 'native' | 'throw'): PatternEngine {
  const engine = (pattern: string, flags: string) => {
    let re2: ReturnType<typeof compileForRe2>;
    try {
      re2 = compileForRe2(new RegExp(pattern, flags));
    } catch (error) {
      if (unsupported === 'native') return new RegExp(pattern, flags);
      throw error;
    }
    const size = re2.programSize();
    return {
      test: (text: string) => {
        // Linear, but in the program size too: the same bound as one search of an expression.
        if (size * text.length > REGEX_LIMITS.maxRegexWork) {
          throw new StepError({
            code: 'validation',
            message: `A string of ${text.length} characters is too long to check against the pattern /${pattern.slice(0, 40)}/`,
          });
        }
        return re2.matcher(text).find();
      },
      // ajv keeps one compiled pattern per distinct `toString()`.
      toString: () => `/${pattern}/${flags}`,
    };
  };
  return Object.assign(engine, { code: 're2Patterns' });
}
