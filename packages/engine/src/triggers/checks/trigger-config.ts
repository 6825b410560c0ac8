import type { TSchema } from '@toolsteps/sdk';
import { describeSchemaErrors, listOf, sharedAjv } from '@toolsteps/sdk/schema';
import type { ValidateFunction } from 'ajv';
import type { Problem } from '../../workflow/diagnostic.js';
import type { BindingCheckInput } from './binding-check-input.js';

const validators = new WeakMap<TSchema, ValidateFunction>();

/** `config` against the trigger's config schema: every problem, inside it, in words. */
export function checkTriggerConfig({ binding, trigger, refused }: BindingCheckInput): Problem[] {
  if (trigger === undefined || refused.has('/config')) return [];
  const validate = validatorOf(trigger.config);
  if (validate(binding.config ?? {})) return [];
  if (binding.config === undefined) {
    const required = (trigger.config.required as string[] | undefined) ?? [];
    return [
      {
        code: 'invalid-config',
        pointer: '',
        message: `missing required property "config": ${trigger.id} needs to be told what to watch (${listOf(
          required.map((name) => `"${name}"`),
          'and',
        )})`,
      },
    ];
  }
  return describeSchemaErrors(validate.errors ?? [], '/config').map((message) => ({
    code: 'invalid-config',
    pointer: message.pointer,
    locate: message.locate,
    at: message.at,
    message: `${message.message} (config of ${trigger.id})`,
  }));
}

function validatorOf(schema: TSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (validate === undefined) {
    validate = sharedAjv().compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}
