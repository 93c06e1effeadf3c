/**
 * Deno entry: `deno serve` calls the default export's `fetch` for every request.
 * Permissions: --allow-net (listen, the store, DoH, scans) and --allow-env (configuration).
 */
import { createServiceOrExit } from '../../dist/agent-scan.js';

declare const Deno: { env: { toObject(): Record<string, string> }; exit(this: void, code: number): never };

interface ServeInfo {
  remoteAddr: { hostname: string };
}

const service = createServiceOrExit(Deno.env.toObject(), { notice: (message) => console.error(message) }, Deno.exit);

export default {
  fetch: (request: Request, info: ServeInfo) => service.fetch(request, { clientAddress: info.remoteAddr.hostname }),
};
