/**
 * Vercel entry: a Web-standard handler on Vercel's Edge runtime. Vercel now recommends its
 * Node.js runtime; the same handler serves there once exported as `{ fetch }` or per HTTP method
 * instead of as a default function (see ../README.md). vercel.json sends every path here.
 */
import { createService, type Service } from '../../../dist/agent-scan.js';

export const config = { runtime: 'edge' };

interface VercelContext {
  waitUntil?(promise: Promise<unknown>): void;
}

declare const process: { env: Record<string, string | undefined> };

let service: Service | undefined;

export default function handler(request: Request, context?: VercelContext): Promise<Response> {
  service ??= createService(process.env, { notice: (message) => console.log(message) });
  // Vercel's edge network sets X-Real-IP to the connecting client, replacing any sent value.
  const clientAddress = request.headers.get('x-real-ip') ?? undefined;
  const waitUntil = context?.waitUntil ? (promise: Promise<unknown>) => context.waitUntil!(promise) : undefined;
  return service.fetch(request, { clientAddress, ...(waitUntil ? { waitUntil } : {}) });
}
