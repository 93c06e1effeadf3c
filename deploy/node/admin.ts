/**
 * `npm run admin -- …`: the operator CLI against the shared store the environment configures.
 * The command line is validated first, then the configuration, then the store is asked. Exit
 * codes: 0 done; 1 the store did not answer, or another failure; 2 a usage error, an unreadable
 * capture file, an invalid configuration or no store configured; 3 not found (no key with that id).
 */
import { ConfigError, parseConfig } from '../../src/config.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { StoreUnavailableError } from '../../src/store/port.ts';
import { readFile } from 'node:fs/promises';
import { analyzeEmail } from '../../src/tools/email-security/analyze.ts';
import type { EmailSecurityCapture } from '../../src/tools/email-security/capture.ts';
import type { SecurityHeadersCapture } from '../../src/tools/security-headers/capture.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import { EXIT, NotFoundError, parseCommand, runCommand, USAGE, UsageError } from './admin-commands.ts';

/**
 * A usage error repeats what was typed; a key typed in the wrong place must not be printed back
 * (to a terminal's scrollback, to CI logs). Keys and other secrets are long runs of letters and
 * digits; ids (key_ and 16) and words are shorter.
 */
const withoutSecrets = (message: string) => message.replace(/[0-9A-Za-z]{20,}/g, '[hidden]');

function exit(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** Grading a saved capture needs no store: it is the pure analyzer on a file. */
async function gradeCaptureFile(file: string): Promise<never> {
  let capture: unknown;
  try {
    capture = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    exit(EXIT.usage, `cannot read a JSON capture from ${file}: ${(error as Error).message}`);
  }
  // Told apart by their identifying fields only: the analyzers read the rest as the capture docs describe it.
  const fields: Partial<Record<string, unknown>> = typeof capture === 'object' && capture !== null ? capture : {};
  const isEmail = typeof fields.domain === 'string' && Array.isArray(fields.queries);
  const isHeaders = typeof fields.host === 'string';
  if (!isEmail && !isHeaders)
    exit(EXIT.usage, `${file} is neither a security-headers nor an email-security capture (docs/capture.md)`);
  const outcome = isEmail
    ? analyzeEmail(capture as EmailSecurityCapture)
    : gradeCapture(capture as SecurityHeadersCapture);
  process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
  process.exit(EXIT.ok);
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h'))
  exit(argv.length === 0 ? EXIT.usage : EXIT.ok, USAGE);

let command;
try {
  command = parseCommand(argv, Date.now());
} catch (error) {
  if (error instanceof UsageError) exit(EXIT.usage, `${withoutSecrets(error.message)}\n(--help shows every command)`);
  throw error;
}
if (command.name === 'grade-capture') await gradeCaptureFile(command.file);
else {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exit(EXIT.usage, error.message);
    throw error;
  }
  if (!config.upstash) {
    exit(
      EXIT.usage,
      'No shared store is configured. Set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN.\n' +
        '(The embedded store lives inside one server process; the CLI cannot reach it. Use DEV_API_KEY there.)',
    );
  }
  try {
    await runCommand(command, {
      // An operator's link may be slower than a server's: a longer deadline than the service's 800 ms.
      store: new UpstashStore({ ...config.upstash, timeoutMs: 10_000 }),
      keyPrefix: config.apiKeyPrefix,
      print: (line) => process.stdout.write(`${line}\n`),
    });
  } catch (error) {
    if (error instanceof NotFoundError) exit(EXIT.notFound, error.message);
    if (error instanceof StoreUnavailableError)
      exit(
        EXIT.failure,
        `${error.message.replace(/^the shared store/, 'The shared store')}; ` +
          'retry once it answers (keys list shows what is stored).',
      );
    throw error;
  }
}
