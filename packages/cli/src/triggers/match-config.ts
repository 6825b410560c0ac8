import type { AnyTrigger, IntegrationWebhooks, WebhookDelivery } from '@toolsteps/sdk';
import { describeViolations, schemaCheck } from '@toolsteps/sdk/schema';
import { UsageError } from '../exit-codes.js';

/** What `trigger match` reads config values from. */
export interface MatchConfigOptions {
  /** The `login` of triggers that take one (github.new_mention). */
  login?: string;
  /** Further config values, `key=value`, given to every trigger whose config has that key. */
  set?: string[];
}

/** A webhook trigger with the config the options give it, or the reason that config cannot be used. */
export interface Candidate {
  trigger: AnyTrigger;
  config: Record<string, unknown>;
  /** Why the options' config is not enough, e.g. `needs --login`; undefined when it is. */
  unchecked?: string;
  /** Its integration's reading of what a delivery's bindings would watch, if it has one. */
  watchedBy?: IntegrationWebhooks['watchedBy'];
}

/** The configs to match a delivery with, or why none can be: the options' own, else theirs over the delivery's. */
export function configsFor(
  candidate: Candidate,
  delivery: WebhookDelivery,
): { configs: Array<Record<string, unknown>>; unchecked?: string } {
  const { trigger, config, unchecked } = candidate;
  if (unchecked === undefined) return { configs: [config] };
  const check = schemaCheck(trigger.config);
  const merged = (candidate.watchedBy?.(delivery) ?? []).map((watched) => ({ ...watched, ...config }));
  const configs = merged.filter((item) => check(item).length === 0);
  if (configs.length > 0) return { configs };
  // What is still lacking once the delivery has said what it can (e.g. only --login).
  return { configs, unchecked: merged.length > 0 ? uncheckedReason(trigger, merged[0]) : unchecked };
}

/** `--set key=value` and `--login`, each key declared by at least one trigger's config (a typo is an error). */
export function configValues(options: MatchConfigOptions, triggers: AnyTrigger[]): Map<string, string> {
  const values = new Map<string, string>();
  const given = [
    ...(options.set ?? []).map((pair) => ({ option: `--set ${pair}`, pair })),
    ...(options.login === undefined ? [] : [{ option: '--login', pair: `login=${options.login}` }]),
  ];
  for (const { option, pair } of given) {
    const at = pair.indexOf('=');
    if (at < 1) throw new UsageError(`--set takes key=value, e.g. --set owner=octo-org (got "${pair}")`);
    const key = pair.slice(0, at);
    if (values.has(key)) throw new UsageError(`${option}: "${key}" is given twice`);
    if (!triggers.some((trigger) => Object.hasOwn(configProperties(trigger), key))) {
      const known = [...new Set(triggers.flatMap((trigger) => Object.keys(configProperties(trigger))))];
      throw new UsageError(
        `${option}: no webhook trigger has "${key}" in its config (theirs have: ${known.join(', ') || 'nothing'})`,
      );
    }
    values.set(key, pair.slice(at + 1));
  }
  return values;
}

/** Each trigger gets the values its config declares; one whose config is still incomplete is not checked. */
export function withConfig(
  triggers: AnyTrigger[],
  values: Map<string, string>,
  webhooksOf: (trigger: AnyTrigger) => IntegrationWebhooks | undefined,
): Candidate[] {
  return triggers.map((trigger) => {
    const watchedBy = webhooksOf(trigger)?.watchedBy;
    const properties = configProperties(trigger);
    const config = Object.fromEntries(
      [...values]
        .filter(([key]) => Object.hasOwn(properties, key))
        .map(([key, text]) => [key, configValue(text, properties[key])]),
    );
    const unchecked = uncheckedReason(trigger, config);
    return unchecked === undefined
      ? { trigger, config, watchedBy }
      : { trigger, config, unchecked, watchedBy };
  });
}

/** Why a trigger cannot be matched with a config: what it lacks (`needs --login`), or what is wrong. */
function uncheckedReason(trigger: AnyTrigger, config: Record<string, unknown>): string | undefined {
  const violations = schemaCheck(trigger.config)(config);
  if (violations.length === 0) return undefined;
  const needs = missingOptions(trigger.config, config);
  return needs === undefined ? describeViolations(violations, 'config') : `needs ${needs}`;
}

function configProperties(trigger: AnyTrigger): Record<string, { type?: unknown }> {
  return (trigger.config.properties ?? {}) as Record<string, { type?: unknown }>;
}

/** Options give text: a config field of another type (`column_id`, a number) takes the text as JSON. */
function configValue(text: string, schema: { type?: unknown }): unknown {
  if (schema.type === undefined || schema.type === 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The options a config lacks, read from its schema: its `required` fields, and one of each set of
 * alternatives (`oneOf`/`anyOf`, e.g. GitHub's owner and repo, or org). Undefined when nothing is
 * missing, only wrong.
 */
function missingOptions(
  schema: { required?: string[]; oneOf?: unknown; anyOf?: unknown },
  config: Record<string, unknown>,
): string | undefined {
  const option = (key: string) => (key === 'login' ? '--login' : `--set ${key}=…`);
  const missing = (required: string[] | undefined) =>
    (required ?? []).filter((key) => !Object.hasOwn(config, key));
  const needs = missing(schema.required).map(option);
  for (const branches of [schema.oneOf, schema.anyOf]) {
    if (!Array.isArray(branches)) continue;
    const lacking = branches.map((branch: { required?: string[] }) => missing(branch.required));
    if (lacking.length === 0 || lacking.some((keys) => keys.length === 0)) continue;
    const each = lacking.map((keys) => keys.map(option).join(' '));
    needs.push(each.length === 1 ? each[0] : `either ${each.join(' or ')}`);
  }
  return needs.length === 0 ? undefined : needs.join(' and ');
}
