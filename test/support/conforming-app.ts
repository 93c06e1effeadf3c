/**
 * Wraps the app of a test server so that every response it sends is checked against the OpenAPI
 * document the service serves (test/support/openapi-conformance.ts). A test file whose requests
 * got an undocumented status, header, content type or member fails when it ends.
 */
import type { App } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { describeApi } from '../../src/app.ts';
import { checkAtEnd } from './cleanup.ts';
import { OpenApiConformance } from './openapi-conformance.ts';

/** One per document, shared by every file a process runs: compiling its schemas takes a while. */
const checkers = new Map<string, Promise<OpenApiConformance>>();

function checkerFor(config: AppConfig): Promise<OpenApiConformance> {
  const baseUrl = config.baseUrl ?? 'http://localhost';
  const key = `${baseUrl} ${config.accountUrl}`;
  let checker = checkers.get(key);
  if (checker === undefined) {
    checker = describeApi(baseUrl, config.accountUrl).then((document) => new OpenApiConformance(document));
    checkers.set(key, checker);
  }
  return checker;
}

/** The app, whose responses are checked; the file fails at its end if one does not conform. */
export function checkedAgainstOpenApi(app: App, config: AppConfig): App {
  const checker = checkerFor(config);
  const pending: Promise<string[]>[] = [];
  checkAtEnd(async () => {
    const problems = [...new Set((await Promise.all(pending)).flat())];
    if (problems.length > 0) {
      throw new Error(`Responses that the OpenAPI document does not describe:\n${problems.join('\n')}`);
    }
  });
  return {
    async fetch(request, runtime) {
      const response = await app.fetch(request, runtime);

      const path = pathOf(request);
      const streamed = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
      if (streamed || response.body === null) {
        pending.push(checked(checker, request.method, path, new Response(null, response)));
        return response;
      }
      // Two branches of the body; the status is read first, as reading the body of srvx's
      // lightweight Response turns it into Node's own.
      const init = { status: response.status, statusText: response.statusText, headers: response.headers };
      const [forCheck, forClient] = response.body.tee();
      pending.push(checked(checker, request.method, path, new Response(forCheck, init)));
      return new Response(forClient, init);
    },
  };
}

const checked = async (checker: Promise<OpenApiConformance>, method: string, path: string, response: Response) =>
  (await checker).check(method, path, response).catch((error: unknown) => [String(error)]);

/** The request's path; Node's server builds the URL from the Host header, which may not make one. */
function pathOf(request: Request): string {
  try {
    return new URL(request.url).pathname;
  } catch {
    return '(a Host header that makes no URL)';
  }
}
