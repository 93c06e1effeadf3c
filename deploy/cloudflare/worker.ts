/**
 * Cloudflare Workers entry (module syntax). Configuration comes from the Worker's `env` (vars
 * and secrets); background writes are handed to `ctx.waitUntil`. The service is built on the
 * first request because `env` is only available then, and reused by the isolate afterwards.
 */
import { createService, type Service } from '../../dist/agent-scan.js';

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

let service: Service | undefined;

export default {
  fetch(request: Request, env: Record<string, unknown>, ctx: ExecutionContext): Promise<Response> {
    service ??= createService(env, { notice: (message) => console.log(message) });
    // Cloudflare sets CF-Connecting-IP itself; a client cannot supply its own.
    const clientAddress = request.headers.get('cf-connecting-ip') ?? undefined;
    return service.fetch(request, { clientAddress, waitUntil: (promise) => ctx.waitUntil(promise) });
  },
};
