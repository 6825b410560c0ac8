import { createEngine, MemoryVault, type ToolCallResult } from '@toolsteps/engine';
import github from '@toolsteps/step-github';
import { createGithubEmulator, repoKey } from '@toolsteps/step-github/testing';
import { generateText, type JSONSchema7, jsonSchema, stepCountIs, type Tool, tool } from 'ai';
import { triageModel } from './scripted-triage-model.js';
import { summarizeOutcome } from './summarize-outcome.js';

// All offline: GitHub is the emulator, and the model is scripted (put any AI SDK model in its place).
const emulator = await createGithubEmulator();
// Alice has connected her GitHub account (octocat's, on the emulator): her calls use it, nobody else's.
const user = 'alice';
const vault = new MemoryVault([{ ...emulator.account, user }]);
const engine = await createEngine({ integrations: [github], vault });

try {
  const request =
    'Find the open bugs in octo-org/hello-world and tell the reporter of the first one we are on it.';
  console.log(`user: ${request}`);

  // The few tools that match the request, each run by engine.call for alice. A failed call resolves
  // to its error (what went wrong, what to change), which goes back to the model as data.
  const offered = engine.searchTools(request, { limit: 5 });
  console.log(`offered: ${offered.map((definition) => definition.name).join(', ')}`);
  const tools: Record<string, Tool<unknown, ToolCallResult>> = {};
  for (const definition of offered) {
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema(definition.inputSchema as JSONSchema7),
      execute: (args, { abortSignal }) => engine.call(definition.name, args, { user, signal: abortSignal }),
    });
  }

  const { steps, text } = await generateText({
    model: triageModel,
    tools,
    prompt: request,
    stopWhen: stepCountIs(5),
  });
  for (const part of steps.flatMap((step) => step.content)) {
    if (part.type === 'tool-call') console.log(`call ${part.toolName} ${JSON.stringify(part.input)}`);
    if (part.type === 'tool-result') console.log(`  ${summarizeOutcome(part.output as ToolCallResult)}`);
    if (part.type === 'tool-error') console.log(`  failed: ${String(part.error)}`);
  }
  console.log(`model: ${text}`);

  // What GitHub (the emulator) holds now: the comment is really there.
  for (const call of steps.flatMap((step) => step.toolCalls)) {
    if (call.toolName !== 'github_create_issue_comment') continue;
    const { owner, repo, issue_number } = call.input as { owner: string; repo: string; issue_number: number };
    const comments = emulator.state.issues.find(repoKey(owner, repo), issue_number)?.comments ?? [];
    const last = comments.at(-1);
    console.log(
      `GitHub: #${issue_number} has ${comments.length} comments, the last by ${last?.user}: ${last?.body}`,
    );
  }
} finally {
  await emulator.close();
}
