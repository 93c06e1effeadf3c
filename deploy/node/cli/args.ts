/**
 * The `agent-scan` command line, parsed: which tool, which target, and how to run and report it
 * (docs/cli.md). Every mistake is a UsageError naming the argument.
 */
import { parseArgs } from 'node:util';
import { GRADE_SCALE, type Grade } from '../../../src/tools/grading.ts';
import { ALLOWLISTED_TOOLS, findTool, type ToolName } from '../../../src/tools/registry.ts';

export interface ScanCommand {
  tool: ToolName;
  target: string;
  selectors: string[];
  /** Scan loopback and private addresses (in-process only; a deployment has its own setting). */
  allowPrivate: boolean;
  /** A deployment's base URL: the scan runs there instead of in this process. */
  api: string | null;
  key: string | null;
  json: boolean;
  minGrade: Grade | null;
  /** The longest a 429's Retry-After is waited for before giving up. */
  maxWaitSec: number;
}

export type Command = { kind: 'help' } | { kind: 'version' } | ({ kind: 'scan' } & ScanCommand);

export class UsageError extends Error {}

const TOOL_NAMES = ALLOWLISTED_TOOLS.map((t) => t.name);
const DEFAULT_MAX_WAIT_SEC = 120;

export const USAGE = `Usage:
  agent-scan security-headers <url> [options]
  agent-scan email-security <domain> [--selector <name>]... [options]

Options:
  --json               print the API's scan envelope (JSON) instead of a summary
  --min-grade <grade>  exit 1 when the grade is lower (A+, A, A-, B+ ... F)
  --allow-private      allow loopback and private addresses (in-process scans only)
  --api <base-url>     run the scan on a deployment of the API instead of in this process
  --key <key>          the deployment's developer key (default: AGENT_SCAN_API_KEY)
  --max-wait <seconds> longest Retry-After to wait for when rate limited (default ${DEFAULT_MAX_WAIT_SEC})
  --selector <name>    a DKIM selector to look up besides the common ones (email-security; repeatable)
  -h, --help           this text
  -v, --version        the version

Exit codes: 0 graded (at or above --min-grade); 1 graded below --min-grade; 2 the target could
not be assessed; 3 the scan did not run (refused, rate limited, unreachable service); 64 usage;
74 the output could not be written.
`;

function apiBase(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--api must be an http(s) URL such as https://scan.example.com; got "${text}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(`--api must be an http(s) URL; got "${text}"`);
  if (url.search || url.hash || url.username || url.password)
    throw new UsageError('--api takes the base URL only, without credentials, ?query or #fragment');
  return url.href.replace(/\/+$/, '');
}

function minGrade(text: string | undefined): Grade | null {
  if (text === undefined) return null;
  const grade = GRADE_SCALE.find((g) => g === text.trim().toUpperCase());
  if (!grade) throw new UsageError(`--min-grade must be one of ${GRADE_SCALE.join(', ')}; got "${text}"`);
  return grade;
}

const MAX_WAIT_LIMIT_SEC = 86_400;

function maxWait(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_WAIT_SEC;
  const seconds = /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(seconds <= MAX_WAIT_LIMIT_SEC))
    throw new UsageError(`--max-wait must be a whole number of seconds from 0 to ${MAX_WAIT_LIMIT_SEC}; got "${text}"`);
  return seconds;
}

/**
 * The key to send, trimmed; a key a header cannot carry is refused without being repeated (a CI
 * secret pasted with an extra line must not end up in the job's log).
 */
function keyOf(value: string | undefined, source: string): string | null {
  const key = value?.trim() ?? '';
  if (key === '') return null;
  if (!/^[\x21-\x7e]{1,4096}$/.test(key))
    throw new UsageError(`${source} is not a key: it holds spaces, line breaks or other characters a key never has`);
  return key;
}

export function parseCommand(argv: string[], env: Record<string, string | undefined>): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        'min-grade': { type: 'string' },
        'allow-private': { type: 'boolean' },
        api: { type: 'string' },
        key: { type: 'string' },
        'max-wait': { type: 'string' },
        selector: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [toolName, target, ...rest] = positionals;
  if (toolName === undefined) throw new UsageError(`name a tool: ${TOOL_NAMES.join(' or ')}`);
  const tool = findTool(toolName);
  if (!tool) throw new UsageError(`unknown tool "${toolName}"; the tools are ${TOOL_NAMES.join(' and ')}`);
  if (target === undefined || target.trim() === '')
    throw new UsageError(`name a target: agent-scan ${tool.name} <target>`);
  if (rest.length > 0) throw new UsageError(`one target per run; unexpected "${rest[0]}"`);
  const selectors = values.selector ?? [];
  if (selectors.length > 0 && !tool.acceptsSelectors) throw new UsageError(`${tool.name} takes no --selector`);
  const api = values.api === undefined ? null : apiBase(values.api);
  if (api && values['allow-private'])
    throw new UsageError('--allow-private applies to in-process scans; a deployment decides for itself');
  if (values.key !== undefined && !api) throw new UsageError('--key is for --api: an in-process scan needs no key');
  const key =
    values.key !== undefined
      ? keyOf(values.key, '--key')
      : api
        ? keyOf(env['AGENT_SCAN_API_KEY'], 'AGENT_SCAN_API_KEY')
        : null;
  return {
    kind: 'scan',
    tool: tool.name,
    target: target.trim(),
    selectors,
    allowPrivate: values['allow-private'] === true,
    api,
    key,
    json: values.json === true,
    minGrade: minGrade(values['min-grade']),
    maxWaitSec: maxWait(values['max-wait']),
  };
}
