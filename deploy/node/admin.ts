/** `npm run admin -- …`: the operator CLI against the shared store the environment configures. */
import { ConfigError, parseConfig } from '../../src/config.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { StoreUnavailableError } from '../../src/store/port.ts';
import { readFile } from 'node:fs/promises';
import { analyzeEmail } from '../../src/tools/email-security/analyze.ts';
import type { EmailSecurityCapture } from '../../src/tools/email-security/capture.ts';
import type { SecurityHeadersCapture } from '../../src/tools/security-headers/capture.ts';
import { gradeCapture } from '../../src/tools/security-headers/scanner.ts';
import { runAdmin, USAGE, UsageError } from './admin-commands.ts';

function exit(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) exit(argv.length === 0 ? 2 : 0, USAGE);

// Grading a saved capture needs no store: it is the pure analyzer on a file.
if (argv[0] === 'grade-capture') {
  const file = argv[1];
  if (!file || argv.length > 2) exit(2, `grade-capture takes one capture file (JSON)\n\n${USAGE}`);
  let capture: unknown;
  try {
    capture = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    exit(2, `cannot read a JSON capture from ${file}: ${(error as Error).message}`);
  }
  // Told apart by their identifying fields only: the analyzers read the rest as the capture docs describe it.
  const fields: Partial<Record<string, unknown>> = typeof capture === 'object' && capture !== null ? capture : {};
  const isEmail = typeof fields.domain === 'string' && Array.isArray(fields.queries);
  const isHeaders = typeof fields.host === 'string';
  if (!isEmail && !isHeaders)
    exit(2, `${file} is neither a security-headers nor an email-security capture (docs/capture.md)`);
  const outcome = isEmail
    ? analyzeEmail(capture as EmailSecurityCapture)
    : gradeCapture(capture as SecurityHeadersCapture);
  process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
  process.exit(0);
}

let config;
try {
  config = parseConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) exit(2, error.message);
  throw error;
}
if (!config.upstash) {
  exit(
    2,
    'No shared store is configured. Set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN.\n' +
      '(The embedded store lives inside one server process; the CLI cannot reach it. Use DEV_API_KEY there.)',
  );
}

try {
  await runAdmin(argv, {
    store: new UpstashStore(config.upstash),
    keyPrefix: config.apiKeyPrefix,
    now: Date.now,
    print: (line) => process.stdout.write(`${line}\n`),
  });
} catch (error) {
  if (error instanceof UsageError) exit(2, `${error.message}\n\n${USAGE}`);
  if (error instanceof StoreUnavailableError) exit(1, `The store did not answer: ${error.message}`);
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    exit(2, `${error.message}\n\n${USAGE}`);
  throw error;
}
