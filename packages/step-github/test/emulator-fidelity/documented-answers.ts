import { beforeEach } from '@jest/globals';
import type { AnyStep, HttpExchange } from '@toolsteps/engine';
import type { TestStepOptions } from '@toolsteps/engine/testing';
import { GithubOpenApi } from '../fidelity/github-openapi.js';
import { useGithubEmulator } from '../github-fixture.js';
import { githubHttp } from '../repositories/github-http.js';

/**
 * Answers GitHub gives that its description leaves out, by `METHOD path status`, each with the
 * reason: such an answer must still be GitHub's error body, `{message, documentation_url}`.
 */
export type DescriptionGaps = Readonly<Record<string, string>>;

interface Walked {
  exchange: HttpExchange;
  /** The request breaks the documented schema on purpose (to provoke a 422): only its answer is judged. */
  offSchema: boolean;
}

/**
 * A walk of requests (through the steps, or raw for routes no step sends) whose REST exchanges are
 * all checked against GitHub's OpenAPI description: the request, the answer's status, and its body.
 */
export function useDocumentedAnswers(gaps: DescriptionGaps = {}) {
  const gh = useGithubEmulator();
  const openApi = new GithubOpenApi();
  let walked: Walked[] = [];
  beforeEach(() => {
    walked = [];
  });
  const keyOf = ({ method, path, status }: HttpExchange) => `${method} ${path} ${status}`;

  function problemsOf({ exchange, offSchema }: Walked): string[] {
    const request = openApi.checkRequest(exchange).problems;
    const found = offSchema
      ? request.length === 0
        ? ['the request was meant to break the schema']
        : []
      : request;
    const gap = gaps[keyOf(exchange)];
    if (gap === undefined) return [...found, ...openApi.checkResponse(exchange)];
    const body = exchange.responseBody as { message?: unknown; documentation_url?: unknown } | undefined;
    const isError = typeof body?.message === 'string' && typeof body.documentation_url === 'string';
    return isError ? found : [...found, `an undocumented answer (${gap}) that is not GitHub's error body`];
  }

  return {
    gh,
    /** Runs a step as octocat (or the account of `options`); its REST exchanges join the walk. */
    async step(step: AnyStep, input: Record<string, unknown>, options: TestStepOptions = {}) {
      const outcome = await gh.run(step, input, options);
      for (const exchange of outcome.exchanges) {
        if (!exchange.path.startsWith('/graphql')) walked.push({ exchange, offSchema: false });
      }
      return outcome;
    },
    /** One raw request, as octocat unless a token is given; it joins the walk. */
    async http(
      method: HttpExchange['method'],
      path: string,
      options: { token?: string; body?: unknown; offSchema?: boolean } = {},
    ) {
      const answer = await githubHttp(gh.emulator, method, path, options);
      const exchange: HttpExchange = {
        method,
        path,
        requestHeaders: {},
        requestBody: options.body,
        status: answer.status,
        responseBody: answer.body,
        attempt: 1,
        durationMs: 0,
      };
      walked.push({ exchange, offSchema: options.offSchema ?? false });
      return answer;
    },
    /** Each exchange of the walk so far as `METHOD path status`, to show the refusals happened. */
    statuses(): string[] {
      return walked.map(({ exchange }) => keyOf(exchange));
    },
    /** What GitHub's description says is wrong with the walk's exchanges; empty when all match. */
    problems(): string[] {
      return walked.flatMap((one) => problemsOf(one).map((problem) => `${keyOf(one.exchange)}: ${problem}`));
    },
  };
}
