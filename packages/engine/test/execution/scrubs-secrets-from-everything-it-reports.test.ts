import { describe, expect, it } from '@jest/globals';
import { createEngine, type Logger, type RunEvent } from '../../src/index.js';
import { calc, calcAccount } from '../fixtures/calc-integration.js';

const secret = String(calcAccount.credentials.token);

describe('secrets in a run', () => {
  it('never reach the result, the trace, the events or the logs, even when a step echoes one', async () => {
    const logged: unknown[] = [];
    const record = (level: string) => (message: string, fields?: Record<string, unknown>) =>
      logged.push({ level, message, fields });
    const logger: Logger = {
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    };
    const engine = await createEngine({ integrations: [calc], accounts: [calcAccount], logger });
    const events: RunEvent[] = [];

    const result = await engine.run(
      {
        text: JSON.stringify({
          id: 'leaky',
          steps: [
            {
              id: 'echo',
              step: 'calc.echo',
              args: { text: '{% $input.token %}' },
              assign: { seen: '{% $result.text %}' },
            },
            { id: 'fail', step: 'calc.echo', args: { text: "{% 'fail:' & $input.token %}" } },
          ],
        }),
      },
      { token: secret },
      { onEvent: (event) => events.push(event) },
    );

    expect(result.status).toBe('failed');
    expect(result.error?.message).toBe('upstream said fail:[REDACTED]');
    expect(result.steps[0]).toMatchObject({ args: { text: '[REDACTED]' }, result: { text: '[REDACTED]' } });
    expect(result.vars).toEqual({ seen: '[REDACTED]' });
    expect(logged).toContainEqual({
      level: 'info',
      message: 'echoing [REDACTED]',
      fields: { runId: result.runId, stepKey: 'echo', text: '[REDACTED]' },
    });
    for (const reported of [result, events, logged]) expect(JSON.stringify(reported)).not.toContain(secret);
  });

  it('catch the secret in another spelling, and leave credentials that are not secret readable', async () => {
    const account = { ...calcAccount, credentials: { ...calcAccount.credentials, clientId: 'toolsteps' } };
    const engine = await createEngine({ integrations: [calc], accounts: [account] });
    const echo = (id: string, text: string) => ({ id, step: 'calc.echo', args: { text: `{% ${text} %}` } });

    const result = await engine.run(
      {
        text: JSON.stringify({
          id: 'spellings',
          steps: [
            echo('upper', '$uppercase($input.token)'),
            echo('base64', "'Basic ' & $base64encode('user:' & $input.token)"),
            echo('client', "'client ' & $input.clientId"),
          ],
        }),
      },
      { token: secret, clientId: 'toolsteps' },
    );

    expect(result.status).toBe('succeeded');
    expect(result.steps.map((step) => step.result)).toEqual([
      { text: '[REDACTED]' },
      // The digits before the marker encode `user:` and no bit of the token.
      { text: expect.stringMatching(/^Basic \w*\[REDACTED\]$/) },
      { text: 'client toolsteps' },
    ]);
    expect(JSON.stringify(result)).not.toContain(secret.toUpperCase());
  });
});
