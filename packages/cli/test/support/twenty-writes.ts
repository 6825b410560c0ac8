/**
 * A workflow of 20 writes for crash tests: ten tasks added (not safe to repeat; their probe finds
 * them again by the call's key), each then completed (a PUT, safe to repeat). Input: `{ tag }`, the
 * prefix of every title, so a test finds its own tasks.
 */
export function twentyWrites(): string {
  const steps = [];
  for (let index = 1; index <= 10; index++) {
    steps.push({
      id: `add${index}`,
      step: 'tasks.add_task',
      args: { title: `{% $input.tag & ' #${index}' %}` },
    });
    steps.push({
      id: `complete${index}`,
      step: 'tasks.complete_task',
      args: { id: `{% $steps.add${index}.result.id %}` },
    });
  }
  return JSON.stringify({ id: 'twenty-writes', input: { type: 'object', required: ['tag'] }, steps });
}

/** The titles `twentyWrites` adds under `tag`, sorted. */
export function twentyTitles(tag: string): string[] {
  return Array.from({ length: 10 }, (_, index) => `${tag} #${index + 1}`).sort();
}
