import type { Hono } from '@toolsteps/emulator';
import type { GithubState } from './github-state.js';

/** The current state: `resetState` replaces it, so routes look it up per request. */
export type StateRef = () => GithubState;

/** Registers one domain's routes (paths as GitHub documents them, without any prefix). */
export type RouteModule = (api: Hono, state: StateRef) => void;
