import { createEngine } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import { createGithubEmulator } from '@toolsteps/step-github/testing';

// All offline: GitHub is the emulator, and the model's tool call is written out below.
const emulator = await createGithubEmulator();
const engine = await createEngine({ integrations: [github], accounts: [emulator.account] });

try {
  // Every GitHub step as an OpenAI tool, strict where strict mode can say it: `tools` of a request.
  const tools = engine.tools({ format: 'openai', strict: true });
  console.log(`${tools.length} tools, ${tools.filter((tool) => tool.function.strict).length} strict`);

  // Or only the few that match what the user asked for.
  const offered = engine.searchTools('open an issue', { format: 'openai', strict: true, limit: 5 });
  console.log(`offered: ${offered.map((tool) => tool.function.name).join(', ')}`);

  // A strict model answers with every argument, null for those it leaves out.
  const toolCall = {
    name: 'github_create_issue',
    arguments:
      '{"owner":"octo-org","repo":"hello-world","title":"Login fails on Safari","body":"Since 2.3, on Safari 17","assignees":null,"labels":null,"milestone":null}',
  };
  const outcome = await engine.call(toolCall.name, JSON.parse(toolCall.arguments));
  if (outcome.ok) {
    const issue = outcome.result as { number: number; title: string };
    console.log(`opened issue #${issue.number}: ${issue.title}`);
  } else {
    console.log(`${outcome.error.code}: ${outcome.error.message}`);
  }
} finally {
  await emulator.close();
}
