import { ConnectError, type Integration } from '@toolsteps/engine';
import { describedSchemaCheck, didYouMean } from '@toolsteps/sdk/schema';
import { UsageError } from '../exit-codes.js';

interface PropertySchema {
  type?: unknown;
}

/**
 * The account settings `--setting name=value` gives (repeatable), each value typed as the
 * integration's connection schema declares it (`--setting maxCreditsPerRun=500` is a number). A
 * name the schema does not declare is refused here, so a typo is not stored beside the real setting.
 * The whole is checked against the schema now, as the engine checks it again: before a key is asked
 * for or a browser sent anywhere.
 */
export function connectSettings(given: readonly string[], integration: Integration): Record<string, unknown> {
  const properties =
    (integration.connection as { properties?: Record<string, PropertySchema> }).properties ?? {};
  const names = Object.keys(properties);
  const settings: Record<string, unknown> = {};
  for (const pair of given) {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? '' : pair.slice(0, equals).trim();
    if (name === '') {
      throw new UsageError(
        `--setting ${JSON.stringify(pair)}: write it as name=value, e.g. --setting ${names[0] ?? 'name'}=…`,
      );
    }
    if (!Object.hasOwn(properties, name)) {
      const declared = names.length > 0 ? names.join(', ') : 'none';
      throw new UsageError(
        `--setting ${name}: ${integration.title} accounts have no setting "${name}"${didYouMean(name, names)} (settings: ${declared})`,
      );
    }
    if (Object.hasOwn(settings, name)) throw new UsageError(`--setting ${name} is given twice`);
    settings[name] = typed(pair.slice(equals + 1), properties[name], name);
  }
  const violations = describedSchemaCheck(integration.connection)(settings);
  if (violations.length > 0) {
    const list = violations.map(({ pointer, message }) => `${pointer || '/'} ${message}`).join('; ');
    throw new ConnectError(
      'invalid_request',
      `${integration.title} settings are not valid: ${list} (give them with --setting name=value)`,
    );
  }
  return settings;
}

function typed(text: string, schema: PropertySchema, name: string): unknown {
  if (schema.type === 'integer' || schema.type === 'number') {
    const value = Number(text);
    if (text.trim() === '' || !Number.isFinite(value))
      throw new UsageError(`--setting ${name}: ${JSON.stringify(text)} is not a number`);
    return value;
  }
  if (schema.type === 'boolean') {
    if (text !== 'true' && text !== 'false')
      throw new UsageError(`--setting ${name}: ${JSON.stringify(text)} is not true or false`);
    return text === 'true';
  }
  return text;
}
