/**
 * `agent-scan` as a function of its command line, environment and outputs (agent-scan.ts runs it
 * as a process): parse, scan in-process or on a deployment, report, and give the exit code.
 */
import { EXIT, exitCodeOf, outcomeOf, SettingsError, type Answer } from './outcome.ts';
import { parseCommand, USAGE, UsageError, type ScanCommand } from './args.ts';
import { scanRemotely } from './remote.ts';
import { summaryMarkdown, summaryText } from './report.ts';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard error is a terminal: progress is shown there, and only then. */
  stderrIsTerminal: boolean;
  appendFile(path: string, text: string): Promise<void>;
  sleep(ms: number): Promise<void>;
  fetch: typeof fetch;
  version: string;
}

function requestBody(command: ScanCommand): string {
  return JSON.stringify({
    target: command.target,
    ...(command.selectors.length > 0 ? { selectors: command.selectors } : {}),
  });
}

async function answerOf(command: ScanCommand, env: Record<string, string | undefined>, io: CliIo): Promise<Answer> {
  const body = requestBody(command);
  // The service is loaded only for an in-process scan: --help, --version and --api start quickly.
  if (!command.api) return (await import('./in-process.ts')).scanInProcess(command, env, body);
  return scanRemotely(command, body, {
    fetch: io.fetch,
    sleep: (ms) => io.sleep(ms),
    warn: (message) => io.stderr(`agent-scan: ${message}\n`),
    userAgent: `agent-scan/${io.version}`,
    now: () => Date.now(),
  });
}

export async function runCli(argv: string[], env: Record<string, string | undefined>, io: CliIo): Promise<number> {
  let command;
  try {
    command = parseCommand(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // What was typed is repeated, but a key typed in the wrong place is not (long runs of letters and digits).
    const said = error.message.replace(/[0-9A-Za-z]{20,}/g, '[hidden]');
    io.stderr(`agent-scan: ${said}\nRun agent-scan --help for the usage.\n`);
    return EXIT.usage;
  }
  if (command.kind === 'help') {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  if (command.kind === 'version') {
    io.stdout(`${io.version}\n`);
    return EXIT.ok;
  }

  if (io.stderrIsTerminal) io.stderr(`agent-scan: scanning ${command.target} (${command.tool})…`);
  let answer: Answer;
  try {
    answer = await answerOf(command, env, io);
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    io.stderr(`${io.stderrIsTerminal ? '\n' : ''}agent-scan: ${error.message}\n`);
    return EXIT.usage;
  } finally {
    if (io.stderrIsTerminal) io.stderr('\r\x1b[2K');
  }

  const outcome = outcomeOf(answer);
  const code = exitCodeOf(outcome, command.minGrade);
  const report = { minGrade: command.minGrade, below: code === EXIT.belowMinimum, remote: command.api !== null };
  if (command.json && answer.body) io.stdout(`${JSON.stringify(answer.body, null, 2)}\n`);
  else if (outcome.kind === 'refused') io.stderr(summaryText(outcome, report));
  else io.stdout(summaryText(outcome, report));
  if (command.json && outcome.kind === 'refused' && !answer.body) io.stderr(summaryText(outcome, report));

  const summaryFile = env['GITHUB_STEP_SUMMARY'];
  if (summaryFile) {
    const markdown = summaryMarkdown(outcome, { ...report, tool: command.tool, target: command.target });
    await io.appendFile(summaryFile, markdown).catch((error: Error) => {
      io.stderr(`agent-scan: could not append to GITHUB_STEP_SUMMARY (${summaryFile}): ${error.message}\n`);
    });
  }
  return code;
}
