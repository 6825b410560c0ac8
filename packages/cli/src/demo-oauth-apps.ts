import type { StepRegistry } from '@toolsteps/engine';
import type { EmulatorSession } from '@toolsteps/sdk';
import { oauthAppEnvPrefix } from './connect/oauth-app.js';

/**
 * The demo OAuth app of each emulator that registers one, as the variables `toolsteps connect` reads,
 * with the command that connects an account through it (the settings that reach the emulator: its
 * `baseUrl` and those the connection requires, from the demo account). Printed on purpose: the demo
 * app's secret is a public value that opens only the emulator.
 */
export function demoOAuthAppLines(sessions: EmulatorSession[], registry: StepRegistry): string[] {
  const lines: string[] = [];
  for (const session of sessions) {
    if (session.oauthClient === undefined) continue;
    const prefix = oauthAppEnvPrefix(session.integration);
    lines.push(
      `export ${prefix}_CLIENT_ID=${session.oauthClient.clientId}`,
      `export ${prefix}_CLIENT_SECRET=${session.oauthClient.clientSecret}`,
      `  then: toolsteps connect ${session.integration} --accounts my-accounts.json${settingOptions(session, registry)}`,
    );
  }
  return lines;
}

function settingOptions(session: EmulatorSession, registry: StepRegistry): string {
  const connection = registry.integration(session.integration)?.connection as { required?: unknown };
  const required = Array.isArray(connection?.required) ? connection.required : [];
  const settings = session.accounts[0]?.settings ?? {};
  return ['baseUrl', ...required]
    .filter((name, index, names) => names.indexOf(name) === index)
    .filter((name) => typeof settings[name] === 'string')
    .map((name) => ` --setting ${name}=${settings[name]}`)
    .join('');
}
