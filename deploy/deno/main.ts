/**
 * Deno entry: `deno serve` calls the default export's `fetch` for every request.
 * Permissions: --allow-net (listen, the store, DoH, scans) and --allow-env (configuration).
 */
import { ConfigError, createService, type Service } from '../../dist/agent-scan.js';

declare const Deno: { env: { toObject(): Record<string, string> }; exit(code: number): never };

interface ServeInfo {
  remoteAddr: { hostname: string };
}

function start(): Service {
  try {
    return createService(Deno.env.toObject(), { notice: (message) => console.error(message) });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return Deno.exit(1);
  }
}

const service = start();

export default {
  fetch: (request: Request, info: ServeInfo) => service.fetch(request, { clientAddress: info.remoteAddr.hostname }),
};
