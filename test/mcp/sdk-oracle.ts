/**
 * The official MCP SDK's server (`createMcpHandler` and `McpServer`, a devDependency) serving the
 * very tools, identity and instructions this server serves (src/mcp/server.ts): the oracle the
 * wire tests hold the endpoint's own protocol layer (src/mcp/exchange.ts) to, answer for answer.
 */
import { createMcpHandler, McpServer, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { RequestContext } from '../../src/context.ts';
import { answerMessage } from '../../src/mcp/exchange.ts';
import { CAPABILITIES, INSTRUCTIONS, MCP_TOOLS, SERVER_INFO } from '../../src/mcp/server.ts';

/** A JSON Schema as the SDK takes one: validation is the tools' own (they answer with the API's messages). */
function described(jsonSchema: Record<string, unknown>): StandardSchemaWithJSON {
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-scan',
      validate: (value: unknown) => ({ value }),
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
    },
  };
}

function sdkServer(): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: CAPABILITIES, instructions: INSTRUCTIONS });
  for (const { name, config, handler } of MCP_TOOLS)
    server.registerTool(
      name,
      { ...config, inputSchema: described(config.inputSchema), outputSchema: described(config.outputSchema) },
      // Spread into plain objects: the SDK's types want index signatures our interfaces do not declare.
      async (args, sdk) => ({
        ...(await handler(args as Record<string, unknown>, {
          ctx: sdk.http?.authInfo?.extra?.['ctx'] as RequestContext,
          signal: sdk.mcpReq.signal,
          progressToken: sdk.mcpReq._meta?.progressToken,
          notify: (notification) => sdk.mcpReq.notify({ ...notification, params: { ...notification.params } }),
        })),
      }),
    );
  return server;
}

const sdkHandler = createMcpHandler(sdkServer);

/** An answer as the wire carries it. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function wireAnswerOf(response: Response): Promise<WireAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  return { status: response.status, headers, body: await response.text() };
}

/** The SDK's answer to `body` POSTed with `request`'s headers. */
export async function sdkAnswer(request: Request, body: unknown, ctx: RequestContext): Promise<WireAnswer> {
  const authInfo = { token: '', clientId: ctx.client, scopes: [], extra: { ctx } };
  return wireAnswerOf(await sdkHandler.fetch(request, { parsedBody: body, authInfo }));
}

/** This server's answer, before the endpoint adds its headers and a refusal's problem document. */
export async function ownAnswer(request: Request, body: unknown, ctx: RequestContext): Promise<WireAnswer> {
  const answer = await answerMessage(request, body, ctx);
  if ('refusal' in answer) {
    const { status, message } = answer.refusal;
    return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) };
  }
  return wireAnswerOf(new Response(answer.body, { status: answer.status, headers: answer.headers }));
}
