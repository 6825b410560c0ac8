/** Where `toolsteps mcp --http` reads its bearer token when no --token-file is given. */
export const MCP_TOKEN_ENV = 'TOOLSTEPS_MCP_TOKEN';
