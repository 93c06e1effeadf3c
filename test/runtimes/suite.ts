/**
 * One black-box suite, run against the bundle under each runtime: only HTTP in, only HTTP (and
 * the Redis behind the Upstash bridge) looked at. The runtime reaches a real redis-server through
 * the Upstash REST bridge, a local DoH server for DNS and a local site as a scan target.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { KeyService } from '../../src/keys/key-service.ts';
import { UpstashStore } from '../../src/store/upstash.ts';
import { mailZones } from '../support/mail-zones.ts';
import { expectProblem } from '../support/problem-assertions.ts';
import { startDohServer } from '../support/doh-server.ts';
import { startRedis } from '../support/redis-server.ts';
import { startSite, type Site } from '../support/site-server.ts';
import { startUpstashBridge, type UpstashBridge } from '../support/upstash-bridge.ts';
import type { Launcher, RunningRuntime } from './launchers.ts';

const CATALOG = '/api/v1/agent/tools';
const execute = (tool: string) => `${CATALOG}/${tool}/execute`;

export function describeRuntime(launcher: Launcher): void {
  describe(`the bundle on ${launcher.name}`, () => {
    let runtime: RunningRuntime;
    let bridge: UpstashBridge;
    let site: Site;
    let key: string;
    const call = (path: string, init: RequestInit = {}) => fetch(`${runtime.url}${path}`, init);
    const withKey = (init: RequestInit = {}): RequestInit => ({
      ...init,
      headers: { authorization: `Bearer ${key}`, ...(init.headers as Record<string, string>) },
    });
    const problem = (response: Response, code: Parameters<typeof expectProblem>[1]) =>
      expectProblem(response, code, runtime.url);
    /** Scans counted for a target in the hour bucket a test started in or the next (the hour may turn mid-test). */
    const quotaCount = async (target: string, hour: number) => {
      const counts = await Promise.all(
        [hour, hour + 1].map((h) => bridge.redis.get(`asc:quota:target:${target}:3600000:${h}`)),
      );
      return counts.reduce((sum, c) => sum + Number(c ?? 0), 0);
    };

    before(async () => {
      const redis = await startRedis();
      bridge = await startUpstashBridge(redis.port);
      const doh = await startDohServer(mailZones());
      site = await startSite(['site.test'], () => ({
        headers: [
          ['content-type', 'text/html'],
          ['x-content-type-options', 'nosniff'],
        ],
        body: '<html></html>',
      }));
      ({ key } = await new KeyService(
        new UpstashStore({ url: bridge.url, token: bridge.token }),
        'asc_live_',
        Date.now,
      ).create({ name: 'runtime suite', owner: 'tests' }));
      runtime = await launcher.start({
        UPSTASH_REDIS_REST_URL: bridge.url,
        UPSTASH_REDIS_REST_TOKEN: bridge.token,
        DOH_URL: doh.url,
        SCAN_ALLOW_PRIVATE_TARGETS: '1',
        HSTS_PRELOAD_STATUS_URL: 'none',
      });
    });
    after(() => runtime?.stop());

    // Workers and Vercel build the service on the first request; their entries cannot refuse to start.
    if (launcher.checksConfigAtStart)
      test('refuses to start with an invalid configuration, naming every problem', async () => {
        await assert.rejects(
          launcher.start({ BASE_URL: 'not a url', SCAN_ALLOW_PRIVATE_TARGETS: 'maybe' }),
          (error: Error) => {
            assert.match(error.message, /exited with 1/);
            assert.match(error.message, /- BASE_URL: must be an absolute http:\/\/ or https:\/\/ URL/);
            assert.match(error.message, /SCAN_ALLOW_PRIVATE_TARGETS/);
            return true;
          },
        );
      });

    test('serves the catalog anonymously with the API and rate-limit headers', async () => {
      const first = await call(CATALOG);
      assert.equal(first.status, 200, runtime.output());
      assert.match(first.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(first.headers.get('api-version'), '1');
      const body = await first.json();
      assert.deepEqual(
        body.tools.map((t: { name: string }) => t.name),
        ['security-headers', 'email-security'],
      );
      assert.ok(body.tools.every((t: { available: boolean }) => t.available));
      assert.equal(first.headers.get('ratelimit-policy'), '"per-minute";q=10;w=60');
      assert.equal(first.headers.get('x-ratelimit-limit'), '10');
      const second = await call(CATALOG);
      await second.arrayBuffer();
      assert.equal(
        Number(second.headers.get('ratelimit-remaining')),
        Number(first.headers.get('ratelimit-remaining')) - 1,
        'both requests counted in the shared store',
      );
      assert.match(second.headers.get('x-ratelimit-reset') ?? '', /^\d{10}$/);
    });

    test('marks the legacy catalog path deprecated', async () => {
      const res = await call('/api/agent/tools', withKey());
      await res.arrayBuffer();
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('deprecation'), '@1793491200');
      assert.equal(res.headers.get('sunset'), 'Wed, 01 Sep 2027 00:00:00 GMT');
      assert.match(res.headers.get('link') ?? '', /<[^>]+\/api\/v1\/agent\/tools>; rel="successor-version"/);
    });

    test('answers unknown paths and wrong methods with problem documents', async () => {
      await problem(await call('/api/v1/no-such-thing', withKey()), 'not_found');
      const wrongMethod = await call(CATALOG, withKey({ method: 'DELETE' }));
      assert.equal(wrongMethod.headers.get('allow'), 'GET, HEAD, OPTIONS');
      await problem(wrongMethod, 'method_not_allowed');
    });

    test('refuses a body over the limit and a body that fails validation', async () => {
      const big = JSON.stringify({ target: 'example.com', padding: 'x'.repeat(9 * 1024) });
      await problem(await call(execute('email-security'), withKey({ method: 'POST', body: big })), 'payload_too_large');
      const invalid = await problem(
        await call(execute('email-security'), withKey({ method: 'POST', body: '{"target":42}' })),
        'bad_request',
      );
      assert.match(invalid.detail, /target/);
    });

    test('accepts a key from the shared store and refuses an unknown one', async () => {
      const ok = await call(CATALOG, { headers: { 'x-api-key': key } });
      await ok.arrayBuffer();
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('x-ratelimit-limit'), '30', 'the key limit, not the anonymous one');
      const unknown = `${key.slice(0, -10)}AAAAAAAAAA`;
      const refused = await call(CATALOG, { headers: { authorization: `Bearer ${unknown}` } });
      assert.match(refused.headers.get('www-authenticate') ?? '', /^Bearer/);
      await problem(refused, 'unauthorized');
    });

    test('renders a badge', async () => {
      const res = await call('/api/badge/example.com');
      const svg = await res.text();
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^image\/svg\+xml/);
      assert.match(svg, /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    });

    test('runs an email-security scan through the local DoH server, counted in the Upstash store', async () => {
      const before = bridge.requests.length;
      const hourBefore = currentHour();
      const res = await call(
        execute('email-security'),
        withKey({ method: 'POST', body: JSON.stringify({ target: 'parked.test' }) }),
      );
      const body = await res.json();
      assert.equal(res.status, 200, `${JSON.stringify(body)}\n${runtime.output()}`);
      assert.equal(body.grade, 'A+', 'parked.test publishes everything a parked domain can');
      const sent = bridge.requests
        .slice(before)
        .flatMap((r) => r.commands)
        .join(' ');
      assert.match(sent, /EVAL/i, 'the quota script ran in the store');
      assert.equal(await quotaCount('parked.test', hourBefore), 1);
      await eventually(async () =>
        assert.equal(
          await bridge.redis.llen('asc:history:email-security:parked.test'),
          1,
          'the scan kept in the background',
        ),
      );
      const kept = await call(`/api/v1/scans/${String(body.scanId)}`, withKey({}));
      assert.equal(kept.status, 200, 'the kept scan reads back by its id');
      assert.equal(((await kept.json()) as { grade: string }).grade, 'A+');
    });

    test('runs an MCP tool call through the official client', async () => {
      const hourBefore = currentHour();
      const client = new Client({ name: 'runtime-suite', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${runtime.url}/mcp`), {
          requestInit: { headers: { 'x-api-key': key } },
        }),
      );
      try {
        assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
        const result = (await client.callTool({
          name: 'email_security_scan',
          arguments: { target: 'nodmarc.test' },
        })) as { structuredContent?: Record<string, unknown>; content: { text: string }[] };
        assert.equal(result.structuredContent?.['toolName'], 'email-security', runtime.output());
        assert.match(result.content[0]!.text, /^email-security scan of nodmarc\.test: grade D/);
        assert.equal(await quotaCount('nodmarc.test', hourBefore), 1, 'counted in the shared quota');
      } finally {
        await client.close();
      }
    });

    test('runs a security-headers scan of a local site', async () => {
      const res = await call(
        execute('security-headers'),
        withKey({ method: 'POST', body: JSON.stringify({ target: `http://127.0.0.1:${site.port}/` }) }),
      );
      const body = await res.json();
      assert.equal(res.status, 200, `${JSON.stringify(body)}\n${runtime.output()}`);
      assert.equal(body.grade, 'F');
      assert.ok(site.requests.length > 0, 'the runtime fetched the site');
    });
  });
}

const currentHour = () => Math.floor(Date.now() / 3_600_000);

async function eventually(check: () => Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
