import { expect, it, jest } from '@jest/globals';
import { runCliHere } from './support/cli-in-process.js';
import { startCli, TASKS } from './support/cli-process.js';
import { useTasksWorld } from './support/tasks-world.js';

jest.setTimeout(300_000);

const world = useTasksWorld();

const TWO_ADDS = JSON.stringify({
  id: 'two-adds',
  steps: [
    { id: 'first', step: 'tasks.add_task', args: { title: 'Resolve me first' } },
    { id: 'second', step: 'tasks.add_task', args: { title: 'Resolve me second' } },
  ],
  output: '{% $steps.second.result.title %}',
});

async function files() {
  const accounts = await world.accountsFile();
  const workflow = await world.temp.write('two-adds.json', TWO_ADDS);
  const journal = world.temp.path('runs.sqlite');
  return { accounts, workflow, journal };
}

it('a write left unknown stops the resume; runs show names it; runs resolve --as done checks the result, records it and goes on', async () => {
  const { emulator, temp } = world;
  const { accounts, workflow, journal } = await files();
  // Its probe cannot look (the emulator fails every list), neither in the run nor in a resume.
  const probeFails = emulator.faults.inject({
    method: 'GET',
    path: '/tasks',
    status: 500,
    times: Number.POSITIVE_INFINITY,
  });
  // The second task is added, then its answer is lost: the run fails with the outcome unknown.
  const lossOnSecond = startCli([...TASKS, 'run', workflow, '--accounts', accounts, '--journal', journal]);
  await lossOnSecond.waitFor(/^step first succeeded/m, 'stderr');
  emulator.faults.inject({ method: 'POST', path: '/tasks', drop: true, afterProcessing: true });
  const failed = await lossOnSecond.exited;
  expect(failed.code).toBe(1);
  const runId = /^run ([0-9a-f-]{36}) of two-adds started$/m.exec(failed.stderr)?.[1] ?? '';

  // The resume stops for an operator.
  const stopped = await runCliHere([
    ...TASKS,
    'runs',
    'resume',
    runId,
    '--accounts',
    accounts,
    '--journal',
    journal,
  ]);
  probeFails.cancel();
  expect(stopped.code).toBe(1);
  expect(stopped.stderr).toMatch(
    /outcome_unknown .*Step "second" \(tasks\.add_task\) sent POST \/tasks at .*its probe failed/,
  );
  const listed = await runCliHere(['runs', '--status', 'outcome_unknown', '--journal', journal]);
  expect(listed.stdout).toContain(runId);
  const shown = await runCliHere(['runs', 'show', runId, '--journal', journal]);
  expect(shown.stdout).toMatch(
    /step second sent, with no outcome recorded:\n {4}POST \/tasks at \S+Z\n {4}settle it: toolsteps runs resolve/,
  );

  const posts = emulator.requests.filter((request) => request.method === 'POST').length;
  const wrong = await temp.write('wrong.json', JSON.stringify({ id: 'seven' }));
  const refused = await runCliHere([
    ...TASKS,
    'runs',
    'resolve',
    runId,
    '--step',
    'second',
    '--as',
    'done',
    '--result',
    `@${wrong}`,
    '--accounts',
    accounts,
    '--journal',
    journal,
  ]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toMatch(/--result is not what tasks\.add_task returns: .*Nothing was recorded/);

  const added = [...emulator.tasks.values()].find((task) => task.title === 'Resolve me second');
  const found = await temp.write('found.json', JSON.stringify(added));
  const resolved = await runCliHere([
    ...TASKS,
    'runs',
    'resolve',
    runId.slice(0, 8),
    '--step',
    'second',
    '--as',
    'done',
    '--result',
    `@${found}`,
    '--accounts',
    accounts,
    '--journal',
    journal,
  ]);
  expect(resolved.stderr).toContain('settled as done');
  expect(resolved.code).toBe(0);
  expect(JSON.parse(resolved.stdout)).toBe('Resolve me second');
  expect(emulator.requests.filter((request) => request.method === 'POST')).toHaveLength(posts);
  expect([...emulator.tasks.values()].filter((task) => task.title === 'Resolve me second')).toHaveLength(1);
});

it('runs cancel stops a run that is still going, and a crashed run it cancels is never resumed', async () => {
  const { emulator } = world;
  const { accounts, workflow, journal } = await files();
  emulator.faults.inject({ method: 'POST', path: '/tasks', delayMs: 60_000, drop: true });
  const live = startCli([...TASKS, 'run', workflow, '--accounts', accounts, '--journal', journal]);
  const [, runId] = await live.waitFor(/^run ([0-9a-f-]{36}) of two-adds started$/m, 'stderr');
  await live.waitFor(/^step first started/m, 'stderr');
  const asked = await runCliHere(['runs', 'cancel', runId, '--journal', journal]);
  expect(asked.stdout).toMatch(/^Asked process \d+ to stop run/);
  const stoppedLive = await live.exited;
  expect(stoppedLive.code).toBe(1);
  expect(stoppedLive.stderr).toMatch(/the run cancelled/);
  emulator.faults.clear();

  const crashed = startCli([...TASKS, 'run', workflow, '--accounts', accounts, '--journal', journal]);
  emulator.faults.inject({ method: 'POST', path: '/tasks', delayMs: 60_000, drop: true });
  const [, crashedId] = await crashed.waitFor(/^run ([0-9a-f-]{36}) of two-adds started$/m, 'stderr');
  await crashed.waitFor(/^step first started/m, 'stderr');
  crashed.child.kill('SIGKILL');
  await crashed.exited;
  emulator.faults.clear();
  const cancelled = await runCliHere(['runs', 'cancel', crashedId, '--journal', journal]);
  expect(cancelled.stdout).toMatch(/cancelled: it will not be resumed/);
  const refused = await runCliHere([
    ...TASKS,
    'runs',
    'resume',
    crashedId,
    '--accounts',
    accounts,
    '--journal',
    journal,
  ]);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toMatch(/was cancelled \(runs cancel\)/);
  const again = await runCliHere(['runs', 'cancel', crashedId, '--journal', journal]);
  expect(again.code).toBe(1);
});

it('runs prune deletes finished runs older than a duration and keeps those waiting for a decision', async () => {
  const { accounts, workflow, journal } = await files();
  const ran = await runCliHere([...TASKS, 'run', workflow, '--accounts', accounts, '--journal', journal]);
  expect(ran.code).toBe(0);
  const before = JSON.parse((await runCliHere(['runs', '--json', '--journal', journal])).stdout) as Array<{
    status: string;
  }>;
  const pruned = await runCliHere(['runs', 'prune', '--older-than', '0s', '--journal', journal]);
  expect(pruned.code).toBe(0);
  const after = JSON.parse((await runCliHere(['runs', '--json', '--journal', journal])).stdout) as Array<{
    status: string;
  }>;
  const finished = before.filter((run) => ['succeeded', 'failed', 'cancelled'].includes(run.status));
  expect(finished.length).toBeGreaterThan(0);
  expect(pruned.stdout).toBe(
    `Deleted ${finished.length} finished run${finished.length === 1 ? '' : 's'} older than 0s\n`,
  );
  expect(after.map((run) => run.status).sort()).toEqual(
    before
      .filter((run) => !finished.includes(run))
      .map((run) => run.status)
      .sort(),
  );
  // `run --keep` prunes after each run; a bad duration is refused before anything runs.
  const posts = world.emulator.requests.length;
  const badKeep = await runCliHere([
    ...TASKS,
    'run',
    workflow,
    '--accounts',
    accounts,
    '--journal',
    journal,
    '--keep',
    'soon',
  ]);
  expect(badKeep.code).toBe(2);
  expect(badKeep.stderr).toContain('--keep: "soon" is not a duration such as 30d, 12h or 90m');
  expect(world.emulator.requests.length).toBe(posts);
  const bad = await runCliHere(['runs', 'prune', '--older-than', 'soon', '--journal', journal]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('--older-than: "soon" is not a duration such as 30d, 12h or 90m');
});
