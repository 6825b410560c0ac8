import { createTriggerHost } from '@toolsteps/engine';
import type { CliContext } from '../cli-context.js';
import { EXIT, UsageError } from '../exit-codes.js';
import { printable } from '../printable.js';
import { loadBindingsEngine } from '../triggers/bindings-engine.js';
import { openTriggerStore } from '../triggers/open-trigger-store.js';
import { parsePublicUrl } from '../triggers/public-url.js';
import { DEFAULT_SERVE_PORT } from './serve-port.js';
import { reportInvalid } from './validate.js';

export interface TriggerActivationOptions {
  accounts?: string;
  store?: string;
  publicUrl?: string;
  json?: boolean;
}

/**
 * `toolsteps trigger activate|deactivate <bindings…>`: registers (or removes) each binding at its
 * third party and records it in the store, one binding after another, without serving. Activating
 * is idempotent; deactivating an inactive binding does nothing.
 */
export async function triggerActivationCommand(
  action: 'activate' | 'deactivate',
  paths: string[],
  options: TriggerActivationOptions,
  cli: CliContext,
): Promise<number> {
  if (options.accounts === undefined) {
    throw new UsageError(
      `trigger ${action} needs --accounts: a hook registered at emulators that stop with this command would last nothing (\`toolsteps serve\` starts emulators and activates on them)`,
    );
  }
  const json = options.json ?? false;
  const publicUrl =
    options.publicUrl === undefined
      ? `http://127.0.0.1:${DEFAULT_SERVE_PORT}`
      : parsePublicUrl(options.publicUrl);
  const loaded = await loadBindingsEngine(paths, options.accounts, cli);
  if (!loaded.ok) return reportInvalid(loaded.reports, json, cli);
  const { engine, bindings } = loaded.value;
  const { store } = openTriggerStore(options.store, { create: action === 'activate' });
  try {
    const host = await createTriggerHost({
      engine,
      bindings,
      store,
      publicUrl,
    });
    const results: Array<{ id: string; ok: boolean; url?: string; error?: string }> = [];
    for (const binding of bindings) {
      try {
        if (action === 'activate') await host.activate(binding);
        else await host.deactivate(binding);
        results.push({ id: binding.id, ok: true, url: host.urlOf(binding.id) });
      } catch (error) {
        results.push({ id: binding.id, ok: false, error: (error as Error).message });
      }
    }
    if (json) cli.output.json({ action, bindings: results });
    else {
      const c = cli.output.colors();
      for (const result of results) {
        // A binding id comes from its file, an error from the third party: one line each.
        const id = printable(result.id);
        if (!result.ok) cli.output.error(c.red(`✗ ${id}: not ${action}d: ${printable(result.error ?? '')}`));
        else if (action === 'deactivate') cli.output.line(`${c.green('✓')} ${id}: deactivated`);
        else cli.output.line(`${c.green('✓')} ${id}: active, deliveries to ${printable(result.url ?? '')}`);
      }
    }
    return results.every((result) => result.ok) ? EXIT.ok : EXIT.failed;
  } finally {
    await store.close();
  }
}
