import type { AnyStep, TriggerHost } from '@toolsteps/engine';
import type { useGithubEmulator } from '../../github-fixture.js';
import { githubHttp } from '../../repositories/github-http.js';
import type { GithubHand } from './trigger-case.js';

/** A case's hand on GitHub, failing loudly: a cause that did not happen would only show as a missing run. */
export function githubHand(
  gh: ReturnType<typeof useGithubEmulator>,
  host: () => TriggerHost,
  bindingIds: readonly string[],
): GithubHand {
  return {
    async run<R>(step: AnyStep, input: Record<string, unknown>) {
      const outcome = await gh.run<R>(step, input);
      if (!outcome.ok) throw new Error(`${step.id} failed: ${outcome.error?.message}`);
      return outcome.result as R;
    },
    async http(method, path, options) {
      const answer = await githubHttp(gh.emulator, method, path, options);
      if (answer.status >= 400)
        throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer;
    },
    emit: (emission) => {
      gh.emulator.emitWebhook(emission);
    },
    async pollBindings() {
      for (const id of bindingIds) await host().poll(id);
    },
  };
}
