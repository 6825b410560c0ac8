import type { HttpExchange } from '@toolsteps/engine';
import type { CheckedRequest, ZendeskOpenApi } from '../support/openapi-checker.js';
import { errorBodyProblems, UNDOCUMENTED_ERROR_STATUSES } from './undocumented-error-answers.js';

/**
 * One exchange against Zendesk's description: the request, then the answer for its status. An
 * error status the operation leaves out is judged by `undocumented-error-answers` instead.
 */
export function exchangeProblems(openApi: ZendeskOpenApi, exchange: HttpExchange): CheckedRequest {
  const request = openApi.checkRequest(exchange.method, exchange.path, exchange.requestBody);
  if (request.operationId === undefined) return request;
  return { ...request, problems: [...request.problems, ...answerProblems(openApi, exchange)] };
}

function answerProblems(openApi: ZendeskOpenApi, exchange: HttpExchange): string[] {
  const { method, path, status, responseBody } = exchange;
  if (status === undefined) return [`no answer came: ${exchange.error ?? 'unknown'}`];
  const responses = openApi.match(method, path)?.operation.responses ?? {};
  const documented = responses[String(status)] ?? responses.default;
  if (documented === undefined && UNDOCUMENTED_ERROR_STATUSES.has(status))
    return errorBodyProblems(status, responseBody);
  return openApi.checkAnswer(method, path, status, responseBody);
}
