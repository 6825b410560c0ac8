import { escapePointer } from '@toolsteps/sdk/schema';

/** `${NAME}` is read from the environment; `$${NAME}` stands for a literal `${NAME}`. */
const PLACEHOLDER = /\$(\$?)\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const LITERAL_PLACEHOLDER = /\$(?=\{[A-Za-z_][A-Za-z0-9_]*\})/g;

export type Env = Record<string, string | undefined>;

export interface MissingVariable {
  name: string;
  pointer: string;
}

/** A deep copy with every `${NAME}` in string values replaced; unset variables are collected in `missing`. */
export function substituteEnv(
  value: unknown,
  env: Env,
  pointer: string,
  missing: MissingVariable[],
): unknown {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (whole, escaped: string, name: string) => {
      if (escaped) return whole.slice(1);
      const found = env[name];
      if (found === undefined) {
        missing.push({ name, pointer });
        return whole;
      }
      return found;
    });
  }
  if (Array.isArray(value))
    return value.map((item, index) => substituteEnv(item, env, `${pointer}/${index}`, missing));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [
        key,
        substituteEnv(child, env, `${pointer}/${escapePointer(key)}`, missing),
      ]),
    );
  }
  return value;
}

/** Whether any string in `value` reads a `${NAME}` from the environment (a `$${NAME}` literal does not). */
export function usesEnvironment(value: unknown): boolean {
  if (typeof value === 'string') return [...value.matchAll(PLACEHOLDER)].some(([, escaped]) => !escaped);
  if (Array.isArray(value)) return value.some(usesEnvironment);
  return isPlainObject(value) && Object.values(value).some(usesEnvironment);
}

/** How a literal string is written so that reading it back (substituteEnv) yields it unchanged. */
export function escapeLiteral(text: string): string {
  return text.replace(LITERAL_PLACEHOLDER, '$$$$');
}

/**
 * The file form of `next`: values equal to what the file's text resolved to keep that text
 * (`${GITHUB_TOKEN}` stays a placeholder); changed values, such as a refreshed token, are written literally.
 */
export function keepPlaceholders(written: unknown, resolved: unknown, next: unknown): unknown {
  if (typeof next === 'string') {
    return typeof written === 'string' && resolved === next ? written : escapeLiteral(next);
  }
  if (Array.isArray(next)) {
    const sameShape = Array.isArray(written) && Array.isArray(resolved);
    return next.map((item, index) =>
      sameShape
        ? keepPlaceholders(written[index], resolved[index], item)
        : keepPlaceholders(undefined, undefined, item),
    );
  }
  if (isPlainObject(next)) {
    const sameShape = isPlainObject(written) && isPlainObject(resolved);
    return Object.fromEntries(
      Object.entries(next).map(([key, child]) => [
        key,
        sameShape
          ? keepPlaceholders(written[key], resolved[key], child)
          : keepPlaceholders(undefined, undefined, child),
      ]),
    );
  }
  return next;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
