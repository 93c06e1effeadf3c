/**
 * What an MCP POST is charged as, once its message is read (docs/mcp.md, "Limits"): a message
 * that does work draws on the per-minute API budget shared with REST; the handshake messages an
 * official client sends around every call (initialize, notifications, ping, the lists) draw on the
 * larger MCP protocol budget. Anything that is not one readable JSON-RPC message counts as work.
 * src/middleware/rate-limit.ts (`chargeMcpMessage`) does the charging.
 */
/** The methods that run or read something for the caller. */
const WORK_METHODS: ReadonlySet<string> = new Set(['tools/call']);

export type MessageCharge = 'work' | 'protocol';

export function chargeOf(message: unknown): MessageCharge {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return 'work';
  const { method } = message as { method?: unknown };
  return typeof method === 'string' && !WORK_METHODS.has(method) ? 'protocol' : 'work';
}
