import type { AnyStep } from '@toolsteps/engine';
import type { WebhookEmission } from '../../../src/testing/index.js';
import type { HttpAnswer } from '../../repositories/github-http.js';

/** What a case may do to GitHub: as octocat through a step or the REST API, or by the emulator's emit control. */
export interface GithubHand {
  /** Runs a step through the engine as octocat; a failure throws. */
  run<R = Record<string, unknown>>(step: AnyStep, input: Record<string, unknown>): Promise<R>;
  /** One REST request, as octocat unless `token` says otherwise; an answer of 400 or more throws. */
  http(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<HttpAnswer>;
  emit(emission: WebhookEmission): void;
  /** Polls the case's bindings now (poll triggers only). */
  pollBindings(): Promise<void>;
}

/**
 * One trigger proven end to end: two bindings of it watching `config`, one running on `filter` and
 * one on its negation, both mapping `summary` (over `$event`) into the inbox workflow; `act` makes
 * GitHub send (or poll) the event, after which the inbox holds `<trigger>: <expected>`.
 */
export interface TriggerCase {
  trigger: string;
  config: Record<string, unknown>;
  /** A JSONata condition on `$event` that holds for the event `act` causes. */
  filter: string;
  /** A JSONata expression over `$event` the mapping hands the workflow as its summary. */
  summary: string;
  expected: string;
  /** How the event comes about, in words, for the test's name. */
  cause: string;
  /**
   * Set when the event is sent by the emulator's emit control rather than caused by a change of its
   * state: why the emulator cannot cause it.
   */
  emitted?: string;
  /** State the event needs, made before the bindings are active (so it fires none of them). */
  arrange?: (hand: GithubHand) => Promise<void>;
  act: (hand: GithubHand) => Promise<void>;
}
