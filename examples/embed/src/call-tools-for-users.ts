import { createEngine, MemoryVault } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import { createGithubEmulator } from '@toolsteps/step-github/testing';

// All offline: GitHub is the emulator. Alice connected her GitHub account; Bob has connected none.
const emulator = await createGithubEmulator();
const vault = new MemoryVault([{ ...emulator.account, id: 'github', user: 'alice' }]);
const engine = await createEngine({ integrations: [github], vault });

try {
  // Arguments are data: a title that looks like an expression is written as it is.
  const opened = await engine.call(
    'github_create_issue',
    { owner: 'octo-org', repo: 'hello-world', title: 'Totals show {% $sum %}', body: null },
    { user: 'alice' },
  );
  if (opened.ok)
    console.log(
      `alice: opened #${(opened.result as { number: number }).number}, ${opened.meta.requests} request`,
    );

  // A bad argument is named by its path, and nothing is sent.
  const refused = await engine.call(
    'github_create_issue',
    { owner: 'octo-org', repo: 'hello-world', title: '' },
    { user: 'alice' },
  );
  if (!refused.ok) console.log(`alice: ${refused.error.code} at ${refused.error.path}`);

  // Bob has no GitHub account: the error says so, for the runtime to ask him to connect one.
  const unconnected = await engine.call('github_search_issues', { q: 'is:open' }, { user: 'bob' });
  if (!unconnected.ok) console.log(`bob: ${unconnected.error.code} (${unconnected.error.message})`);

  // A long answer is cut to fit a model's context, at whole items, with a note saying how to get the rest.
  const searched = await engine.call(
    'github_search_issues',
    { q: 'repo:octo-org/hello-world' },
    { user: 'alice', maxResultBytes: 1500 },
  );
  if (searched.ok) console.log(`alice: ${searched.meta.truncated?.omitted.join('; ') ?? 'nothing cut'}`);
} finally {
  await emulator.close();
}
