import { capturedDelivery, eventsOfDelivery, type StepRegistry } from '@toolsteps/engine';
import { type AnyTrigger, type StepErrorJson, toStepError, type WebhookDelivery } from '@toolsteps/sdk';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { printable } from '../printable.js';
import { readJsonFile } from '../read-input.js';
import {
  type Candidate,
  configsFor,
  configValues,
  type MatchConfigOptions,
  withConfig,
} from '../triggers/match-config.js';

export interface TriggerMatchOptions extends MatchConfigOptions {
  integration?: string;
  json?: boolean;
}

/** What one delivery file fires. */
interface FileMatch {
  file: string;
  /** The third party's event name, when a header gives it the usual way (`X-GitHub-Event`). */
  event?: string;
  /** Each trigger that fires, the config it was matched with, and its events. */
  triggers: Array<{ id: string; config: Record<string, unknown>; events: unknown[] }>;
  notChecked: Array<{ id: string; reason: string }>;
  errors: Array<{ id: string; error: StepErrorJson }>;
}

/**
 * `toolsteps trigger match <delivery.json…>`: which webhook triggers each captured delivery fires,
 * and the events each makes, by the triggers' own `match`, for bindings whose config is what
 * --set and --login give. A trigger whose config they leave incomplete is reported, not guessed.
 * Exits 0 when some file fires a trigger, 1 when none does, 2 when a file is no captured delivery.
 */
export async function triggerMatchCommand(
  files: string[],
  options: TriggerMatchOptions,
  cli: CliContext,
): Promise<number> {
  const engine = await cli.engine();
  const triggers = webhookTriggers(engine.registry, options.integration);
  const webhooksOf = (trigger: AnyTrigger) => engine.registry.integrationOfTrigger(trigger.id)?.webhooks;
  const candidates = withConfig(triggers, configValues(options, triggers), webhooksOf);
  const deliveries = await readDeliveries(files, cli);
  if (deliveries === undefined) return EXIT.invalid;
  const matches = deliveries.map(({ file, delivery }) => matchFile(file, delivery, candidates));
  if (options.json) cli.output.json(matches);
  else for (const match of matches) cli.output.line(summary(match));
  return matches.some((match) => match.triggers.length > 0) ? EXIT.ok : EXIT.failed;
}

/** The available webhook triggers, of one integration with --integration, in catalog order. */
function webhookTriggers(registry: StepRegistry, integration: string | undefined): AnyTrigger[] {
  if (integration !== undefined && registry.integration(integration) === undefined) {
    const known = registry
      .integrations()
      .map((i) => i.id)
      .join(', ');
    throw new UsageError(`No integration "${integration}" is installed (installed: ${known || 'none'})`);
  }
  const triggers = registry
    .integrations()
    .filter((i) => integration === undefined || i.id === integration)
    .flatMap((i) => i.triggers ?? [])
    // An unavailable trigger cannot be bound, so it fires nothing.
    .filter((trigger) => trigger.delivery === 'webhook' && trigger.available);
  if (triggers.length === 0) {
    throw new UsageError(
      integration === undefined
        ? 'No webhook triggers are installed, so no delivery can fire one'
        : `The ${integration} integration has no webhook triggers`,
    );
  }
  return triggers;
}

/** Reads every file first: any that is no captured delivery is reported, and nothing is matched. */
async function readDeliveries(
  files: string[],
  cli: CliContext,
): Promise<Array<{ file: string; delivery: WebhookDelivery }> | undefined> {
  const deliveries: Array<{ file: string; delivery: WebhookDelivery }> = [];
  let problems = 0;
  for (const file of files) {
    try {
      const delivery = capturedDelivery(await readJsonFile(file, 'delivery'));
      if (delivery === undefined) {
        throw new UsageError(
          `The delivery file ${file} is not a captured delivery: expected {"headers": {…}, "body": …} (and optionally "rawBody")`,
        );
      }
      deliveries.push({ file, delivery });
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      cli.output.error(`toolsteps: ${error.message}`);
      problems += 1;
    }
  }
  return problems === 0 ? deliveries : undefined;
}

function matchFile(file: string, delivery: WebhookDelivery, candidates: Candidate[]): FileMatch {
  const event = eventNameOf(delivery);
  const match: FileMatch = {
    file,
    ...(event === undefined ? {} : { event }),
    triggers: [],
    notChecked: [],
    errors: [],
  };
  for (const candidate of candidates) {
    const { trigger } = candidate;
    const { configs, unchecked } = configsFor(candidate, delivery);
    if (unchecked !== undefined) {
      // A trigger not subscribed to this event never gets the delivery, whatever its config: no news.
      if (event === undefined || subscribes(trigger).includes(event))
        match.notChecked.push({ id: trigger.id, reason: unchecked });
      continue;
    }
    try {
      // The most specific config that makes events: the repository's before its organization's.
      for (const config of configs) {
        const events = eventsOfDelivery({ trigger, config }, delivery);
        if (events.length === 0) continue;
        match.triggers.push({ id: trigger.id, config, events });
        break;
      }
    } catch (error) {
      match.errors.push({ id: trigger.id, error: toStepError(error).toJSON() });
    }
  }
  return match;
}

/** `X-GitHub-Event: issues`, `X-Board-Event: card`: how most third parties name a delivery's event. */
function eventNameOf(delivery: WebhookDelivery): string | undefined {
  const header = Object.keys(delivery.headers).find((name) => /^x-(?:[a-z0-9]+-)+event$/.test(name));
  return header === undefined ? undefined : delivery.headers[header];
}

function subscribes(trigger: AnyTrigger): readonly string[] {
  return trigger.delivery === 'webhook' ? trigger.webhook.subscribes : [];
}

/** `push.json: github.new_push (1 event), github.new_commit (3 events)`, then what was not checked or failed. */
function summary(match: FileMatch): string {
  const fired = match.triggers.map(
    ({ id, events }) => `${id} (${events.length} ${events.length === 1 ? 'event' : 'events'})`,
  );
  const event = match.event === undefined ? '' : ` (event ${JSON.stringify(match.event)})`;
  const parts = [fired.length > 0 ? fired.join(', ') : `no trigger fires${event}`];
  const byReason = new Map<string, string[]>();
  for (const { id, reason } of match.notChecked) byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
  if (byReason.size > 0)
    parts.push(
      `not checked: ${[...byReason].map(([reason, ids]) => `${ids.join(', ')} (${reason})`).join(', ')}`,
    );
  for (const { error } of match.errors) parts.push(`error: ${error.message}`);
  // The file's name and a trigger's error may hold anything: the summary stays one line.
  return printable(`${match.file}: ${parts.join('; ')}`);
}
