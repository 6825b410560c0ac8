import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its callable export is the module itself.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const SCHEMA_PATH = createRequire(import.meta.url).resolve('@octokit/webhooks-schemas/schema.json');

/**
 * GitHub's webhook payload schemas (npm @octokit/webhooks-schemas, draft-07): each event and action
 * is a definition such as `issues$opened`, or `push$event` for events without actions.
 */
export class WebhookSchemas {
  readonly #ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #definitions: Record<string, unknown>;

  /**
   * `precompile` names the definitions to compile at once: compiling the large ones takes seconds,
   * better spent before a test starts than between its requests.
   */
  constructor(precompile: string[] = []) {
    const schema = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as { definitions: Record<string, unknown> };
    this.#definitions = schema.definitions;
    addFormats(this.#ajv);
    this.#ajv.addSchema(schema, 'webhooks');
    for (const name of precompile) this.#validator(name);
  }

  /** What is wrong with a payload of an event, or [] when it fits GitHub's schema. */
  problems(event: string, payload: { action?: unknown }): string[] {
    const name = typeof payload.action === 'string' ? `${event}$${payload.action}` : `${event}$event`;
    if (!Object.hasOwn(this.#definitions, name)) return [`no schema ${name}`];
    const validate = this.#validator(name);
    if (validate(payload)) return [];
    return (validate.errors ?? [])
      .slice(0, 8)
      .map((error) => `${name}${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
  }

  #validator(name: string): ValidateFunction {
    let validate = this.#validators.get(name);
    if (validate === undefined) {
      validate = this.#ajv.compile({ $ref: `webhooks#/definitions/${name}` });
      this.#validators.set(name, validate);
    }
    return validate;
  }
}
