import {
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
  isStepError,
  StepError,
  toStepError,
} from '@toolsteps/sdk';
import type { HttpClientOptions } from '../ports/services.js';
import type { AccountChannel } from './account-channel.js';
import type { AccountRequestLayers, ClientDeps } from './account-request-layers.js';

type Layers = typeof AccountRequestLayers;
let layersClass: Layers | undefined;
let loadingLayers: Promise<Layers> | undefined;

/** The layers a request goes through (some ten modules) load with the first request, not with the engine. */
function loadLayers(): Promise<Layers> {
  loadingLayers ??= import('./account-request-layers.js').then((module) => {
    layersClass = module.AccountRequestLayers;
    return layersClass;
  });
  return loadingLayers;
}

/**
 * The client a step receives: one account's channel (ky, auth, limiter) seen through one step call
 * (its effect, signal and exchange listener). Layers, outermost first: checks and safe path, retry,
 * limiter, 401 renewal, redirects, one send.
 */
export class AccountHttpClient implements HttpClient {
  #layers: AccountRequestLayers | undefined;

  constructor(
    /** Opened on the first request, once ky is loaded. */
    private readonly channel: () => Promise<AccountChannel>,
    private readonly options: HttpClientOptions,
    private readonly deps: ClientDeps,
  ) {}

  get<T = unknown>(path: string, query?: HttpRequest['query']): Promise<HttpResponse<T>> {
    return this.request<T>({ method: 'GET', path, query });
  }

  async request<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> {
    try {
      this.#layers ??= new (layersClass ?? (await loadLayers()))(this.channel, this.options, this.deps);
      return (await this.#layers.perform(request)) as HttpResponse<T>;
    } catch (error) {
      throw this.#reported(error);
    }
  }

  /** The error a step sees: cancellation wins, and no secret survives in the message or details. */
  #reported(error: unknown): StepError {
    const { signal } = this.options;
    let failure: StepError;
    if (signal.aborted) {
      failure = isStepError(signal.reason)
        ? signal.reason
        : new StepError({ code: 'cancelled', message: 'The request was cancelled before it finished' });
    } else {
      failure = toStepError(error);
    }
    const { scrubber } = this.deps;
    return new StepError({
      ...failure.toJSON(),
      message: scrubber.scrub(failure.message),
      details: failure.details === undefined ? undefined : scrubber.scrubValue(failure.details),
    });
  }
}
