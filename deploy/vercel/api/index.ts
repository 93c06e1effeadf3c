/**
 * Vercel entry: Web handlers exported per HTTP method, the signature Vercel's Node.js and Edge
 * runtimes share. `config.runtime = 'edge'` selects Edge; Vercel now recommends its Node.js
 * runtime, and deleting that line runs the same handlers there (see ../README.md).
 * vercel.json sends every path here.
 */
import { createService, type Service } from '../../../dist/agent-scan.js';

export const config = { runtime: 'edge' };

/** The second argument Vercel passes to a Web handler outside Next.js. */
interface VercelContext {
  waitUntil?(promise: Promise<unknown>): void;
}

declare const process: { env: Record<string, string | undefined> };

let service: Service | undefined;

// An Edge function must start its response within 25 s; a scan that runs out of time is still answered.
const SCAN_DEADLINE_MS = 24_000;

function handle(request: Request, context?: VercelContext): Promise<Response> {
  service ??= createService(process.env, {
    notice: (message) => console.log(message),
    scanDeadlineMs: SCAN_DEADLINE_MS,
  });
  // Vercel's edge network sets X-Real-IP to the connecting client, replacing any sent value.
  const clientAddress = request.headers.get('x-real-ip') ?? undefined;
  const waitUntil = context?.waitUntil ? (promise: Promise<unknown>) => context.waitUntil!(promise) : undefined;
  return service.fetch(request, { clientAddress, ...(waitUntil ? { waitUntil } : {}) });
}

// The app answers every method itself (405 problems included), so every one goes to it.
export {
  handle as GET,
  handle as HEAD,
  handle as POST,
  handle as PUT,
  handle as PATCH,
  handle as DELETE,
  handle as OPTIONS,
};
