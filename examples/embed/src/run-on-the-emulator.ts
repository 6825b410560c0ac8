import { createEngine } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import { createGithubEmulator } from '@toolsteps/step-github/testing';
import { commentOnOpenBugs } from './comment-on-open-bugs.js';
import { showEvent } from './show-event.js';

// All offline: GitHub is the emulator (seeded with octo-org/hello-world), the vault is in memory.
const emulator = await createGithubEmulator();
const engine = await createEngine({ integrations: [github], accounts: [emulator.account] });

try {
  const workflow = await engine.load({ text: JSON.stringify(commentOnOpenBugs) });
  const result = await engine.run(workflow, { repo: 'octo-org/hello-world' }, { onEvent: showEvent });

  console.log(`${result.status}, output ${JSON.stringify(result.output)}`);
  for (const step of result.steps) {
    const tool = step.step ? ` ${step.step}, ${step.attempts} attempt(s), ${step.requests} request(s)` : '';
    console.log(`  ${step.stepKey}: ${step.status}${tool}`);
  }
} finally {
  await emulator.close();
}
