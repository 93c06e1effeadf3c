/**
 * Deno entry: `deno serve` calls the default export's `fetch` for every request.
 * Permissions: --allow-net (listen, the store, DoH, scans) and --allow-env (configuration).
 */
import { createService } from '../../dist/agent-scan.js';

declare const Deno: { env: { toObject(): Record<string, string> } };

interface ServeInfo {
  remoteAddr: { hostname: string };
}

const service = createService(Deno.env.toObject(), { notice: (message) => console.error(message) });

export default {
  fetch: (request: Request, info: ServeInfo) => service.fetch(request, { clientAddress: info.remoteAddr.hostname }),
};
