/**
 * A scan run in this process: the service itself, with the embedded store, answering one execute
 * request, so the answer is the API's, byte for byte, and the SSRF guard, deadlines and grading
 * are the service's own. Its links name http://localhost, where nothing runs (docs/cli.md).
 */
import { ConfigError, createService } from '#agent-scan';
import { executePath } from '../../../src/paths.ts';
import { createPinnedFetch } from '../pinned-fetch.ts';
import type { ScanCommand } from './args.ts';
import { SettingsError, type Answer } from './outcome.ts';

/** The settings a scan reads from the environment; everything else (store, quotas, keys) is the service's business. */
const PASSED_THROUGH = ['DOH_URL', 'HSTS_PRELOAD_STATUS_URL'] as const;
const ORIGIN = 'http://localhost';

export async function scanInProcess(
  command: ScanCommand,
  env: Record<string, string | undefined>,
  requestBody: string,
): Promise<Answer> {
  const scanFetch = createPinnedFetch();
  try {
    let service;
    try {
      service = createService(
        {
          ...Object.fromEntries(PASSED_THROUGH.flatMap((name) => (env[name] ? [[name, env[name]]] : []))),
          SCAN_ALLOW_PRIVATE_TARGETS: command.allowPrivate ? '1' : '0',
          BASE_URL: ORIGIN,
          LOG_LEVEL: 'error',
        },
        { mode: 'production', scanFetch, notice: () => {}, writeLog: () => {} },
      );
    } catch (error) {
      if (error instanceof ConfigError) throw new SettingsError(error.message);
      throw error;
    }
    await service.ready;
    const pending: Promise<unknown>[] = [];
    const response = await service.fetch(
      new Request(ORIGIN + executePath(command.tool), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: requestBody,
      }),
      { clientAddress: '127.0.0.1', waitUntil: (work) => void pending.push(work) },
    );
    const body = (await response.json().catch(() => null)) as Answer['body'];
    // The scan record and quota writes finish before the process exits.
    await Promise.allSettled(pending);
    return { status: response.status, body };
  } finally {
    await scanFetch.close();
  }
}
