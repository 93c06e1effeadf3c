/** `npm run admin -- …`: the operator CLI against the shared store the environment configures. */
import { ConfigError, parseConfig } from '../../src/config.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { StoreUnavailableError } from '../../src/store/port.ts';
import { runAdmin, USAGE, UsageError } from './admin-commands.ts';

function exit(code: number, message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) exit(argv.length === 0 ? 2 : 0, USAGE);

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
  await runAdmin(argv, { store: new UpstashStore(config.upstash), keyPrefix: config.apiKeyPrefix, now: Date.now, print: (line) => process.stdout.write(`${line}\n`) });
} catch (error) {
  if (error instanceof UsageError) exit(2, `${error.message}\n\n${USAGE}`);
  if (error instanceof StoreUnavailableError) exit(1, `The store did not answer: ${error.message}`);
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) exit(2, `${error.message}\n\n${USAGE}`);
  throw error;
}
