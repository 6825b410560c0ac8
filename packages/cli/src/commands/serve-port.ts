/** Where `serve` listens unless `--port` says otherwise. */
export const DEFAULT_SERVE_PORT = 8787;
