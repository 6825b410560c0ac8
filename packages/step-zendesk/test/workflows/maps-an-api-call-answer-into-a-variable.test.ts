import { describe, expect, it } from '@jest/globals';
import { createEngine } from '@toolsteps/engine';
import zendesk from '../../src/index.js';
import { DEMO_USERS } from '../../src/testing/index.js';
import { useZendeskEmulator } from '../zendesk-fixture.js';

describe("a workflow maps zendesk.api_call's answer into its variables", () => {
  const zd = useZendeskEmulator();

  it('assigns the signed-in user from the JSON body and uses it in the next step and the output', async () => {
    const engine = await createEngine({ integrations: [zendesk], accounts: [zd.emulator.account] });
    const workflow = await engine.load({
      text: JSON.stringify({
        id: 'who-am-i',
        steps: [
          {
            id: 'me',
            step: 'zendesk.api_call',
            args: { endpoint: '/api/v2/users/me.json' },
            assign: { me: '{% $result.body.user.id %}', email: '{% $result.body.user.email %}' },
          },
          {
            id: 'mine',
            step: 'zendesk.search_tickets',
            args: { query: '{% "assignee:" & $string($me) %}' },
            assign: { mine: '{% [$result.tickets.id] %}' },
          },
        ],
        output: { me: '{% $me %}', email: '{% $email %}', mine: '{% $mine %}' },
      }),
    });

    const result = await engine.run(workflow, {});

    expect(result.status).toBe('succeeded');
    expect(result.output).toEqual({ me: DEMO_USERS.marco, email: 'marco@lumencoffee.example', mine: [1042] });
  });
});
