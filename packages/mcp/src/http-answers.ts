import type { IncomingMessage, ServerResponse } from 'node:http';

/** Why a request is refused before its body is read. */
export interface Refusal {
  status: number;
  message: string;
  headers?: Record<string, string>;
}

/** Answers a refusal and drops the connection: what the client was sending is not read. */
export function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  answer(res, refusal.status, refusal.message, refusal.headers);
  req.resume();
}

export function answer(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', connection: 'close', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
