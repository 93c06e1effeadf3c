import type { Handler } from '../context.ts';
import { ApiError } from '../http/problem.ts';
import { chargeMcpMessage } from '../middleware/rate-limit.ts';

/**
 * The specification requires refusing a browser Origin the server does not expect (DNS
 * rebinding). Allowed: no Origin (not a browser), BASE_URL's origin, MCP_ALLOWED_ORIGINS. The
 * request's own Host does not count: a rebinding page controls it. A refused request counts as work.
 */
export const mcpOrigin: Handler = async (request, ctx) => {
  const origin = request.headers.get('origin');
  if (origin === null) return undefined;
  const { baseUrl, mcpAllowedOrigins } = ctx.services.config;
  if (
    (baseUrl !== null && origin === new URL(baseUrl).origin) ||
    mcpAllowedOrigins === '*' ||
    mcpAllowedOrigins.includes(origin.toLowerCase())
  )
    return undefined;
  await chargeMcpMessage(ctx, 'work');
  throw new ApiError('forbidden', {
    detail: `Requests from the browser origin ${JSON.stringify(origin.slice(0, 200))} may not use the MCP endpoint.`,
    hint:
      'Call the MCP endpoint from an MCP client rather than a web page, ' +
      'or ask the operator to add the origin to MCP_ALLOWED_ORIGINS.',
  });
};
