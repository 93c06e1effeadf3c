/**
 * `agent-scan` as a function (deploy/node/cli/main.ts), on real servers: email-security scanned
 * in-process through a local DNS-over-HTTPS server, a deployment's refusals and 429s, the job
 * summary file. The packed command is packed.integration.test.ts's.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli, type CliIo } from '../../../deploy/node/cli/main.ts';
import { atEnd } from '../../support/cleanup.ts';
import { startDohServer } from '../../support/doh-server.ts';
import { mailZones } from '../../support/mail-zones.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  sleeps: number[];
}

async function run(argv: string[], env: Record<string, string> = {}, terminal = false): Promise<Run> {
  const out = { stdout: '', stderr: '', sleeps: [] as number[] };
  const io: CliIo = {
    stdout: (text) => void (out.stdout += text),
    stderr: (text) => void (out.stderr += text),
    stderrIsTerminal: terminal,
    appendFile: async (path, text) => {
      const { appendFile } = await import('node:fs/promises');
      await appendFile(path, text);
    },
    sleep: async (ms) => void out.sleeps.push(ms),
    fetch: (input, init) => fetch(input, init),
    version: '0.0.0-test',
  };
  const code = await runCli(argv, { HSTS_PRELOAD_STATUS_URL: 'none', ...env }, io);
  return { code, ...out };
}

/** A deployment that answers each request with the next of `answers`. */
async function deployment(answers: { status: number; headers?: Record<string, string>; body: unknown }[]) {
  const seen: { url: string; key: string | undefined; body: string }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (d) => (body += d));
    request.on('end', () => {
      seen.push({ url: request.url ?? '', key: request.headers['x-api-key'] as string | undefined, body });
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  atEnd(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

const GRADED = {
  success: true,
  toolName: 'email-security',
  target: 'example.com',
  grade: 'B',
  gradeScore: 72,
  result: { status: 'warnings', details: { findings: [] } },
  scanId: 'abc',
  permalink: 'https://scan.example.com/scans/abc',
  error: null,
};
const RATE_LIMITED = {
  success: false,
  title: 'Rate Limit Exceeded',
  status: 429,
  error: { code: 'rate_limit_exceeded', message: '10 requests per minute', hint: 'Wait Retry-After seconds.' },
};

describe('in-process email-security', () => {
  test("grades a domain through the configured resolver, with the caller's selectors", async () => {
    const doh = await startDohServer(mailZones());
    const result = await run(['email-security', 'gworkspace.test', '--selector', 'mine', '--json'], {
      DOH_URL: doh.url,
    });
    assert.equal(result.code, 0, result.stderr);
    const envelope = JSON.parse(result.stdout);
    assert.equal(envelope.toolName, 'email-security');
    assert.equal(envelope.target, 'gworkspace.test');
    assert.deepEqual(envelope.result.details.selectors.requested, ['mine']);
    assert.ok(doh.log.some((q) => q.name === 'mine._domainkey.gworkspace.test'));
  });

  test('the summary lists what to fix, and the job summary gets the same in Markdown', async () => {
    const doh = await startDohServer(mailZones());
    const summary = join(mkdtempSync(join(tmpdir(), 'agent-scan-summary-')), 'summary.md');
    const result = await run(['email-security', 'm365.test', '--min-grade', 'A+'], {
      DOH_URL: doh.url,
      GITHUB_STEP_SUMMARY: summary,
    });
    assert.equal(result.code, 1);
    assert.match(result.stdout, /^email-security m365\.test: grade \S+ \(\d+\/100\), \w+, below the minimum grade A\+/);
    assert.match(result.stdout, /To fix, most important first:\n {2}\[(critical|high|medium|low)\] /);
    const markdown = readFileSync(summary, 'utf8');
    assert.match(markdown, /^### agent-scan email-security: m365\.test\n\n\*\*Grade \S+\*\* \(\d+\/100\)/);
    assert.match(markdown, /\| --- \| --- \| --- \|\n\| (critical|high|medium|low) \| /);
  });

  test('an invalid DOH_URL is a usage error naming it', async () => {
    const result = await run(['email-security', 'example.com'], { DOH_URL: 'not a url' });
    assert.equal(result.code, 64);
    assert.match(result.stderr, /DOH_URL/);
  });
});

describe('--api', () => {
  test('sends the key and the selectors, and reads the envelope', async () => {
    const api = await deployment([{ status: 200, body: GRADED }]);
    const result = await run(['email-security', 'example.com', '--selector', 's1', '--api', `${api.url}/`], {
      AGENT_SCAN_API_KEY: 'asc_live_secret',
    });
    assert.equal(result.code, 0);
    assert.deepEqual(api.seen, [
      {
        url: '/api/v1/agent/tools/email-security/execute',
        key: 'asc_live_secret',
        body: '{"target":"example.com","selectors":["s1"]}',
      },
    ]);
    assert.match(
      result.stdout,
      /grade B \(72\/100\), warnings\n\nFull result: https:\/\/scan\.example\.com\/scans\/abc\n$/,
    );
  });

  test('waits out a 429 as its Retry-After asks, then scans', async () => {
    const api = await deployment([
      { status: 429, headers: { 'retry-after': '7' }, body: RATE_LIMITED },
      { status: 200, body: GRADED },
    ]);
    const result = await run(['email-security', 'example.com', '--api', api.url]);
    assert.equal(result.code, 0);
    assert.deepEqual(result.sleeps, [7000]);
    assert.match(result.stderr, /429 from the service; retrying in 7 s/);
  });

  test('a Retry-After longer than --max-wait is not waited for: exit 3 with the hint', async () => {
    const api = await deployment([{ status: 429, headers: { 'retry-after': '3600' }, body: RATE_LIMITED }]);
    const result = await run(['email-security', 'example.com', '--api', api.url, '--max-wait', '60']);
    assert.equal(result.code, 3);
    assert.deepEqual(result.sleeps, []);
    assert.match(result.stderr, /The scan did not run: Rate Limit Exceeded: 10 requests per minute\nWait Retry-After/);
  });

  test('a service that keeps asking for no wait is asked five times at most', async () => {
    const api = await deployment([{ status: 503, headers: { 'retry-after': '0' }, body: RATE_LIMITED }]);
    const result = await run(['email-security', 'example.com', '--api', api.url]);
    assert.equal(result.code, 3);
    assert.equal(api.seen.length, 5);
  });

  test('a refused request prints the problem with --json, and exits 3', async () => {
    const problem = {
      success: false,
      title: 'Bad Request',
      status: 400,
      error: { message: 'not a domain', hint: 'h' },
    };
    const api = await deployment([{ status: 400, body: problem }]);
    const result = await run(['email-security', 'example.com', '--api', api.url, '--json']);
    assert.equal(result.code, 3);
    assert.deepEqual(JSON.parse(result.stdout), problem);
  });

  test('a redirect is not followed, so the key never reaches another host', async () => {
    const elsewhere = await deployment([{ status: 200, body: GRADED }]);
    const api = await deployment([{ status: 307, headers: { location: `${elsewhere.url}/steal` }, body: {} }]);
    const result = await run(['email-security', 'example.com', '--api', api.url, '--key', 'asc_live_secretkey']);
    assert.equal(result.code, 3);
    assert.deepEqual(elsewhere.seen, []);
    assert.match(result.stderr, /answered 307, a redirect to http:\/\/127\.0\.0\.1:\d+\/steal; it is not followed/);
  });

  test('a key a header cannot carry is refused without being repeated', async () => {
    for (const [argv, env] of [
      [['--key', 'asc_live_SECRET\nX-Evil: 1'], {}],
      [[], { AGENT_SCAN_API_KEY: 'asc_live_SECRET\nmore' }],
    ] as const) {
      const result = await run(['email-security', 'example.com', '--api', 'http://127.0.0.1:9', ...argv], env);
      assert.equal(result.code, 64);
      assert.doesNotMatch(result.stderr + result.stdout, /SECRET/);
      assert.match(result.stderr, /is not a key: it holds spaces, line breaks or other characters a key never has/);
    }
  });

  test("an answer that is not the API's says so", async () => {
    const api = await deployment([{ status: 200, body: { hello: 'world' } }]);
    const result = await run(['email-security', 'example.com', '--api', api.url]);
    assert.equal(result.code, 3);
    assert.match(result.stderr, /the answer \(HTTP 200, application\/json\) is not this API's: check --api/);
  });

  test('a Retry-After date is waited out too', async () => {
    const api = await deployment([
      { status: 503, headers: { 'retry-after': new Date(Date.now() + 30_000).toUTCString() }, body: RATE_LIMITED },
      { status: 200, body: GRADED },
    ]);
    const result = await run(['email-security', 'example.com', '--api', api.url]);
    assert.equal(result.code, 0);
    assert.equal(result.sleeps.length, 1);
    assert.ok(result.sleeps[0]! >= 28_000 && result.sleeps[0]! <= 31_000, String(result.sleeps[0]));
  });

  test("a deployment's text reaches the terminal and the job summary without control characters", async () => {
    const hostile = {
      ...GRADED,
      target: 'example.com\u001b]0;owned\u0007\u001b[2J',
      permalink: 'javascript:alert(1)',
      result: { status: 'warnings\u001b[31m', details: { findings: [] } },
    };
    const api = await deployment([{ status: 200, body: hostile }]);
    const summary = join(mkdtempSync(join(tmpdir(), 'agent-scan-summary-')), 'summary.md');
    const result = await run(['email-security', 'example.com', '--api', api.url], { GITHUB_STEP_SUMMARY: summary });
    assert.equal(result.code, 0);
    const written = result.stdout + readFileSync(summary, 'utf8');
    assert.doesNotMatch(written, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    assert.doesNotMatch(written, /javascript:/);
  });

  test('no service at the address: exit 3, and why', async () => {
    const result = await run(['email-security', 'example.com', '--api', 'http://127.0.0.1:9']);
    assert.equal(result.code, 3);
    assert.match(result.stderr, /The scan did not run: no answer from http:\/\/127\.0\.0\.1:9\/api\/v1/);
  });
});

test('progress goes to standard error on a terminal only, and is wiped', async () => {
  const api = await deployment([{ status: 200, body: GRADED }]);
  const quiet = await run(['email-security', 'example.com', '--api', api.url]);
  assert.equal(quiet.stderr, '');
  const shown = await run(['email-security', 'example.com', '--api', api.url], {}, true);
  assert.equal(shown.stderr, 'agent-scan: scanning example.com (email-security)…\r\x1b[2K');
});
