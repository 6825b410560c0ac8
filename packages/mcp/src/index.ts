export { BearerUsers, MIN_TOKEN_LENGTH } from './bearer-users.js';
export { callToolResult } from './call-tool-result.js';
export { type McpHttpOptions, type McpHttpServer, startMcpHttpServer } from './http-server.js';
export { type StdioOptions, serveMcpOverStdio } from './stdio-server.js';
export { createToolServer, type ToolServerOptions } from './tool-server.js';
