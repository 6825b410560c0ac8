/**
 * How long `connect` waits for the user by default: time to sign in and approve, not to wander off.
 * A module of its own: the command's options read it at start, before anything loads the engine.
 */
export const DEFAULT_CONNECT_TIMEOUT = '5m';
