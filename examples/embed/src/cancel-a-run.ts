import { createEngine } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import { createGithubEmulator } from '@toolsteps/step-github/testing';
import { commentOnOpenBugs } from './comment-on-open-bugs.js';
import { showEvent } from './show-event.js';

const emulator = await createGithubEmulator();
const engine = await createEngine({ integrations: [github], accounts: [emulator.account] });

try {
  const workflow = await engine.load({ text: JSON.stringify(commentOnOpenBugs) });
  // The user stops the agent once the first comment is written: nothing further starts, requests in
  // flight are aborted, and the run resolves (it does not throw) with status `cancelled`.
  const controller = new AbortController();
  const result = await engine.run(
    workflow,
    { repo: 'octo-org/hello-world' },
    {
      signal: controller.signal,
      onEvent: (event) => {
        showEvent(event);
        if (event.type === 'step.succeeded' && event.step === 'github.create_issue_comment')
          controller.abort(new Error('the user stopped the agent'));
      },
    },
  );

  console.log(`${result.status}: ${result.error?.message}`);
  console.log(`reason kept: ${JSON.stringify(result.error?.details?.reason)}`);
  for (const step of result.steps)
    console.log(`  ${step.stepKey}: ${step.status}${step.error ? ` (${step.error.code})` : ''}`);
} finally {
  await emulator.close();
}
