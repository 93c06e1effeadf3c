/**
 * The operator CLI as a function of its command line and environment (admin.ts runs it as a
 * process). The command line is validated first, then the configuration, then the store is asked.
 * Exit codes: 0 done; 1 the store did not answer, or another failure; 2 a usage error, an
 * unreadable capture file, an invalid configuration or no store configured; 3 not found (no key
 * with that id).
 */
import { readFile } from 'node:fs/promises';
import { ConfigError, parseConfig } from '../../src/config.ts';
import { StoreUnavailableError } from '../../src/store/port.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { analyzeEmail } from '../../src/tools/email-security/analyze.ts';
import type { EmailSecurityCapture } from '../../src/tools/email-security/capture.ts';
import type { SecurityHeadersCapture } from '../../src/tools/security-headers/capture.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import { EXIT, NotFoundError, parseCommand, runCommand, USAGE, UsageError } from './admin-commands.ts';

export interface AdminOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Ends the command with an exit code and a message for standard error. */
class Exit extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A usage error repeats what was typed; a key typed in the wrong place must not be printed back
 * (to a terminal's scrollback, to CI logs). Keys and other secrets are long runs of letters and
 * digits; ids (key_ and 16) and words are shorter.
 */
const withoutSecrets = (message: string) => message.replace(/[0-9A-Za-z]{20,}/g, '[hidden]');

/** Grading a saved capture needs no store: it is the pure analyzer on a file. */
async function gradeCaptureFile(file: string, output: AdminOutput): Promise<void> {
  let capture: unknown;
  try {
    capture = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Exit(EXIT.usage, `cannot read a JSON capture from ${file}: ${(error as Error).message}`);
  }
  // Told apart by their identifying fields only: the analyzers read the rest as the capture docs describe it.
  const fields: Partial<Record<string, unknown>> = typeof capture === 'object' && capture !== null ? capture : {};
  const isEmail = typeof fields.domain === 'string' && Array.isArray(fields.queries);
  const isHeaders = typeof fields.host === 'string';
  if (!isEmail && !isHeaders)
    throw new Exit(EXIT.usage, `${file} is neither a security-headers nor an email-security capture (docs/capture.md)`);
  const outcome = isEmail
    ? analyzeEmail(capture as EmailSecurityCapture)
    : gradeCapture(capture as SecurityHeadersCapture);
  output.stdout(`${JSON.stringify(outcome, null, 2)}\n`);
}

async function run(argv: string[], env: Record<string, string | undefined>, output: AdminOutput): Promise<void> {
  if (argv.length === 0) throw new Exit(EXIT.usage, USAGE);
  if (argv.includes('--help') || argv.includes('-h')) throw new Exit(EXIT.ok, USAGE);
  let command;
  try {
    command = parseCommand(argv, Date.now());
  } catch (error) {
    if (error instanceof UsageError)
      throw new Exit(EXIT.usage, `${withoutSecrets(error.message)}\n(--help shows every command)`);
    throw error;
  }
  if (command.name === 'grade-capture') return gradeCaptureFile(command.file, output);
  let config;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) throw new Exit(EXIT.usage, error.message);
    throw error;
  }
  if (!config.upstash) {
    throw new Exit(
      EXIT.usage,
      'No shared store is configured. Set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN.\n' +
        '(The embedded store lives inside one server process; the CLI cannot reach it. Use DEV_API_KEY there.)',
    );
  }
  try {
    await runCommand(command, {
      // An operator's link may be slower than a server's: the longest deadline the service allows.
      store: new UpstashStore({ ...config.upstash, timeoutMs: 10_000 }),
      keyPrefix: config.apiKeyPrefix,
      print: (line) => output.stdout(`${line}\n`),
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw new Exit(EXIT.notFound, error.message);
    if (error instanceof StoreUnavailableError)
      throw new Exit(
        EXIT.failure,
        `${error.message.replace(/^the shared store/, 'The shared store')}; ` +
          'retry once it answers (keys list shows what is stored).',
      );
    throw error;
  }
}

/** Runs one command line; resolves to its exit code. An unexpected error is thrown, as a bug should be. */
export async function runAdmin(
  argv: string[],
  env: Record<string, string | undefined>,
  output: AdminOutput,
): Promise<number> {
  try {
    await run(argv, env, output);
    return EXIT.ok;
  } catch (error) {
    if (!(error instanceof Exit)) throw error;
    output.stderr(`${error.message}\n`);
    return error.code;
  }
}
