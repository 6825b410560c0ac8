import type { HttpExchange } from '@toolsteps/engine';
import { exchangeProblems } from '../fidelity/exchange-problems.js';
import { fidelityOpenApi } from '../fidelity/fidelity-allowances.js';

/** What Zendesk's description finds wrong with a step's exchanges: none, when the emulator answers as it documents. */
export function answerProblems(exchanges: readonly HttpExchange[]): string[] {
  const openApi = fidelityOpenApi();
  return exchanges.flatMap((exchange) =>
    exchangeProblems(openApi, exchange).problems.map((problem) => `${exchange.path}: ${problem}`),
  );
}
