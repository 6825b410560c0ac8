import { createEngine, MemoryVault } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import { createGithubEmulator } from '@toolsteps/step-github/testing';

// All offline: GitHub is the emulator, with its demo OAuth app registered.
const emulator = await createGithubEmulator();
const vault = new MemoryVault();
const engine = await createEngine({
  integrations: [github],
  vault,
  oauthClients: { github: emulator.oauthClient },
});

try {
  // 1. Alice asks to connect GitHub: send her browser to the authorization URL.
  const settings = { baseUrl: emulator.baseUrl };
  const redirectUri = 'http://127.0.0.1:8787/oauth/callback';
  const { authorizationUrl } = await engine.connect.start({
    integration: 'github',
    user: 'alice',
    settings,
    redirectUri,
  });
  console.log(
    `authorize at ${new URL(authorizationUrl).pathname} with PKCE (${new URL(authorizationUrl).searchParams.get('code_challenge_method')})`,
  );

  // 2. She approves (the emulator approves at once, as the seeded user `login` names) and comes back.
  const approval = await fetch(`${authorizationUrl}&login=hubot`, { redirect: 'manual' });
  const callbackUrl = approval.headers.get('location') ?? '';

  // 3. The callback, where Alice is signed in: the code is exchanged, the account named by its login
  //    and stored for her.
  const account = await engine.connect.finish({ callbackUrl, user: 'alice' });
  console.log(`alice connected ${account.integration} account "${account.name}" (id ${account.id})`);

  // Her tool calls now use it; a callback replayed is refused, and nothing is stored twice.
  const me = await engine.call(
    'github_api_call',
    { endpoint: '/user', headers: { accept: 'application/vnd.github+json' } },
    { user: 'alice', view: 'full' },
  );
  if (me.ok) console.log(`a call for alice acts as ${(me.result as { body: { login: string } }).body.login}`);
  const replayed = await engine.connect.finish({ callbackUrl, user: 'alice' }).catch((error) => error);
  console.log(`replayed callback: ${replayed.code}`);

  // 4. Disconnecting revokes the grant at GitHub and removes the account.
  const { revoked } = await engine.connect.disconnect({ account: account.id, user: 'alice' });
  console.log(
    `disconnected (grant revoked: ${revoked}); alice has ${(await vault.list('github', { user: 'alice' })).length} GitHub accounts`,
  );
} finally {
  await emulator.close();
}
