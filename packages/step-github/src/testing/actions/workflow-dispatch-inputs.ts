import { GithubApiError } from '../shared/github-api-error.js';
import type { DispatchInputSpec } from './workflows-store.js';

type InputValue = string | boolean | number;

const MAX_INPUTS = 25;

/**
 * Checks a dispatch's `inputs` against the workflow file's `workflow_dispatch.inputs` the way
 * GitHub does (422 with its wording) and returns them typed, defaults filled in.
 */
export function checkDispatchInputs(
  specs: Record<string, DispatchInputSpec>,
  given: Record<string, unknown>,
): Record<string, InputValue> {
  const names = Object.keys(given);
  if (names.length > MAX_INPUTS) {
    throw refusal(`you may only define up to ${MAX_INPUTS} \`inputs\` for a \`workflow_dispatch\` event`);
  }
  const unexpected = names.filter((name) => !Object.hasOwn(specs, name));
  if (unexpected.length > 0) throw refusal(`Unexpected inputs provided: ${JSON.stringify(unexpected)}`);
  const inputs: Record<string, InputValue> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = given[name];
    if (value === undefined || value === null || value === '') {
      if (spec.required && spec.default === undefined) {
        throw refusal(`Required input '${name}' not provided`);
      }
      if (spec.default !== undefined) inputs[name] = spec.default;
      continue;
    }
    inputs[name] = typed(name, spec, value);
  }
  return inputs;
}

function typed(name: string, spec: DispatchInputSpec, value: unknown): InputValue {
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const invalid = (what: string) => refusal(`Provided value '${text}' for input '${name}' ${what}`);
  switch (spec.type) {
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw invalid('is not a valid boolean');
    case 'number': {
      const number = typeof value === 'number' ? value : Number(text);
      if (text.trim() === '' || !Number.isFinite(number)) throw invalid('is not a valid number');
      return number;
    }
    case 'choice':
      if (!(spec.options ?? []).includes(text)) throw invalid('not in the list of allowed values');
      return text;
    default:
      if (typeof value === 'object') throw invalid('is not a string');
      return text;
  }
}

function refusal(message: string): GithubApiError {
  return new GithubApiError(422, message);
}
