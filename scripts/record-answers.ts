/**
 * `npm run record-answers -- --out FILE`: sends a fixed corpus of requests (every endpoint and
 * method, both tools on local sites and DNS zones, every problem, MCP, pages) to the app in this
 * process and writes one JSON line per request: the request, the status, every response header
 * (sorted by name) and the body as received. Run it before and after a change that must not change
 * behaviour and compare the files: `npm run record-answers -- --compare BEFORE AFTER` prints each
 * request whose answer differs, then a unified diff of the two answers.
 *
 * The clock is fixed and moves one second per request; what is inherently volatile (generated
 * request and scan ids, loopback ports, generated keys, measured durations) is replaced by a
 * placeholder (`normalise`), so two runs at the same commit write the same bytes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCorpus, type Answer, type CorpusRequest } from './record-answers/corpus.ts';
import { startWorld, type World } from './record-answers/world.ts';

/** The origin the corpus's requests are addressed to (BASE_URL of every app but one). */
const ORIGIN = 'https://scan.test';
const CLOCK_STEP_MS = 1_000;
/** A request body longer than this is recorded by its start and length. */
const SHOWN_REQUEST_BODY = 1_000;

interface RecordLine {
  label: string;
  app: string;
  request: { method: string; path: string; headers: Record<string, string>; body?: string };
  status: number;
  headers: Record<string, string>;
  body: string;
}

const GENERATED_REQUEST_ID = /\b[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b/g;
/** Measured times in JSON (also JSON inside JSON text, escaped) and in Server-Timing. */
const MEASURED = /(\\*"(?:durationMs|latencyMs)\\*":)\d+(?:\.\d+)?|(\bdur=)\d+(?:\.\d+)?/g;
/** Where a stored scan's id shows: its `scanId` member (escaped when inside MCP text). */
const SCAN_ID = /\\*"scanId\\*":\s*\\*"([A-Za-z0-9_-]{22})\\*"/g;

/** The recorded form of volatile text: every known volatile value, generated ids and measured times. */
function normalise(text: string, volatile: Map<string, string>): string {
  let out = text;
  for (const [value, placeholder] of volatile)
    out = /^\d+$/.test(value)
      ? out.replace(new RegExp(`(?<![0-9])${value}(?![0-9])`, 'g'), placeholder)
      : out.replaceAll(value, placeholder);
  return out
    .replace(GENERATED_REQUEST_ID, '<request-id>')
    .replace(MEASURED, (_, member: string | undefined, dur: string | undefined) => `${member ?? dur}<ms>`);
}

function bodyText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `<base64>${Buffer.from(bytes).toString('base64')}`;
  }
}

/** A request body as recorded: a streamed one by its description, a long one by its start and length. */
function shownRequestBody(body: CorpusRequest['body'], shown: (text: string) => string): string | undefined {
  if (body === undefined) return undefined;
  if (typeof body !== 'string') return `<${body.describe}>`;
  const text = shown(body);
  return text.length <= SHOWN_REQUEST_BODY ? text : `${text.slice(0, 60)}… <${text.length} characters>`;
}

function toRequest(r: CorpusRequest, ip: string): Request {
  const body = r.body === undefined || typeof r.body === 'string' ? r.body : r.body.stream();
  const request = new Request((r.origin ?? ORIGIN) + r.path, {
    method: r.method ?? 'GET',
    headers: { ...r.headers, 'x-forwarded-for': r.ip ?? ip },
    ...(body === undefined ? {} : { body, duplex: 'half' }),
  });
  // As Node's server builds it from a Host header no URL can be made of (`x:99999`).
  if (r.unusableHost !== undefined)
    Object.defineProperty(request, 'url', { value: `http://${r.unusableHost}${r.path}` });
  return request;
}

/** Records one answer per request, in the order the corpus sends them. */
function recorder(world: World, write: (line: string) => void) {
  const labels = new Set<string>();
  let etags = 0;
  let scanIds = 0;
  return async (r: CorpusRequest): Promise<Answer> => {
    if (labels.has(r.label)) throw new Error(`two requests are labelled ${JSON.stringify(r.label)}`);
    labels.add(r.label);
    const app = world.apps[r.app ?? 'main'];
    // A new client address for each request (apart from those that set one), in a new /24 network.
    const n = labels.size;
    const request = toRequest(r, `198.51.${n % 250}.${Math.floor(n / 250) + 1}`);
    const sentHeaders = Object.fromEntries([...request.headers].sort(([a], [b]) => (a < b ? -1 : 1)));
    const response = await app.app.fetch(request, {
      clientAddress: '127.0.0.1',
      ...(r.bodyDeadlineMs === undefined ? {} : { bodyDeadlineMs: r.bodyDeadlineMs }),
    });
    const body = bodyText(new Uint8Array(await response.arrayBuffer()));
    await app.settled();
    world.clock.advance(CLOCK_STEP_MS);

    for (const [, id] of body.matchAll(SCAN_ID))
      if (!world.volatile.has(id!)) world.volatile.set(id!, `<scan-id-${++scanIds}>`);
    const shown = (text: string) => normalise(text, world.volatile);
    const etag = response.headers.get('etag');
    // An entity tag hashes the body: when the body held volatile values, so does the tag.
    if (etag !== null && shown(body) !== body && !world.volatile.has(etag))
      world.volatile.set(etag, `<etag-${++etags}>`);
    const requestBody = shownRequestBody(r.body, shown);
    const line: RecordLine = {
      label: r.label,
      app: r.app ?? 'main',
      request: {
        method: request.method,
        path: shown(r.path),
        headers: Object.fromEntries(Object.entries(sentHeaders).map(([n, v]) => [n, shown(v)])),
        ...(requestBody === undefined ? {} : { body: requestBody }),
      },
      status: response.status,
      headers: Object.fromEntries(
        [...response.headers].sort(([a], [b]) => (a < b ? -1 : 1)).map(([n, v]) => [n, shown(v)]),
      ),
      body: shown(body),
    };
    write(JSON.stringify(line) + '\n');
    return { status: response.status, headers: response.headers, text: body };
  };
}

async function record(out: string): Promise<void> {
  const world = await startWorld();
  const lines: string[] = [];
  const counts = new Map<string, number>();
  const send = recorder(world, (line) => lines.push(line));
  try {
    await runCorpus(world, (r) => {
      const area = r.label.split(':')[0]!;
      counts.set(area, (counts.get(area) ?? 0) + 1);
      return send(r);
    });
  } finally {
    await world.close();
  }
  writeFileSync(out, lines.join(''));
  for (const [area, count] of counts) process.stderr.write(`${area}: ${count}\n`);
  process.stderr.write(`${lines.length} requests recorded in ${out}\n`);
  const errors = new Map<string, number>();
  for (const error of world.errors) errors.set(String(error), (errors.get(String(error)) ?? 0) + 1);
  for (const [error, count] of errors) process.stderr.write(`unexpected error (a 500), ${count}×: ${error}\n`);
}

/** JSON indented, or null when `text` is not JSON. */
function indented(text: string): string | null {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return null;
  }
}

/** An answer as a reader compares it: status, headers, then the body (JSON indented, markup broken at tags). */
function readable(line: RecordLine): string {
  const body =
    indented(line.body) ??
    line.body.replace(/^data: (.*)$/gm, (data, json: string) => indented(json) ?? data).replace(/>(?=<)/g, '>\n');
  const headers = Object.entries(line.headers).map(([n, v]) => `${n}: ${v}`);
  return [`status ${line.status}`, ...headers, '', body, ''].join('\n');
}

function compare(before: string, after: string): number {
  const read = (file: string) =>
    new Map(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => [(JSON.parse(text) as RecordLine).label, text] as const),
    );
  const [a, b] = [read(before), read(after)];
  const dir = mkdtempSync(join(tmpdir(), 'answers-'));
  let differing = 0;
  for (const [label, text] of a) {
    const other = b.get(label);
    if (other === text) continue;
    differing++;
    const line = JSON.parse(text) as RecordLine;
    process.stdout.write(`\n=== ${label}\n${JSON.stringify(line.request)}\n`);
    if (other === undefined) {
      process.stdout.write(`only in ${before}\n`);
      continue;
    }
    writeFileSync(join(dir, 'a'), readable(line));
    writeFileSync(join(dir, 'b'), readable(JSON.parse(other) as RecordLine));
    const args = ['diff', '--no-index', '--no-color', join(dir, 'a'), join(dir, 'b')];
    const diff = spawnSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
    // git names the temporary files: name the recordings instead.
    process.stdout.write(`--- ${before}\n+++ ${after}\n${diff.slice(diff.indexOf('\n@@') + 1)}`);
  }
  rmSync(dir, { recursive: true });
  for (const label of b.keys())
    if (!a.has(label)) {
      differing++;
      process.stdout.write(`\n=== ${label}\nonly in ${after}\n`);
    }
  process.stdout.write(`\n${differing} of ${new Set([...a.keys(), ...b.keys()]).size} requests differ\n`);
  return differing === 0 ? 0 : 1;
}

const { values, positionals } = parseArgs({
  options: { out: { type: 'string' }, compare: { type: 'boolean' } },
  allowPositionals: true,
});
// `--compare … | head` closes the pipe early: stop quietly.
process.stdout.on('error', () => process.exit(0));
if (values.compare === true && positionals.length === 2) {
  process.exitCode = compare(positionals[0]!, positionals[1]!);
} else if (values.out !== undefined && positionals.length === 0) {
  await record(values.out);
  // The scanners' pooled connections and resolver timers are gone, but the test-support servers
  // registered their own closing with the test runner, which is not running: end here.
  process.exit(0);
} else {
  process.stderr.write('usage: record-answers --out FILE | --compare BEFORE AFTER\n');
  process.exitCode = 2;
}
