import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, DEFAULT_ACCOUNT_URL, parseConfig } from '../src/config.ts';
import { generateKey } from '../src/keys/key-format.ts';

/** The problem lines of an environment (empty when it is valid). */
function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    return (error as Error).message.split('\n').slice(1);
  }
  return [];
}

test('an empty environment gives the documented defaults', () => {
  const c = parseConfig({});
  assert.deepEqual(c, {
    baseUrl: null,
    accountUrl: DEFAULT_ACCOUNT_URL,
    apiKeyPrefix: 'asc_live_',
    devApiKey: null,
    dohUrl: 'https://cloudflare-dns.com/dns-query',
    trustProxy: null,
    allowPrivateTargets: false,
    hstsPreloadStatusUrl: 'https://hstspreload.org/api/v2/status',
    upstash: null,
    mcpAllowedOrigins: [],
    scanQuota: {},
    badgeRefresh: { ageSec: 86_400, sharePercent: 10 },
    devWebsiteGrades: [],
    logLevel: 'info',
  });
});

test('badge refreshes: an age of 0 switches them off; anything else is an hour to 30 days', () => {
  assert.deepEqual(parseConfig({ BADGE_REFRESH_AGE_SEC: '0' }).badgeRefresh, { ageSec: 0, sharePercent: 10 });
  assert.deepEqual(parseConfig({ BADGE_REFRESH_AGE_SEC: '3600', BADGE_REFRESH_SHARE_PERCENT: '25' }).badgeRefresh, {
    ageSec: 3600,
    sharePercent: 25,
  });
  for (const [name, value] of [
    ['BADGE_REFRESH_AGE_SEC', '3599'],
    ['BADGE_REFRESH_AGE_SEC', '2592001'],
    ['BADGE_REFRESH_AGE_SEC', 'daily'],
    ['BADGE_REFRESH_SHARE_PERCENT', '51'],
    ['BADGE_REFRESH_SHARE_PERCENT', '-1'],
  ] as const)
    assert.throws(() => parseConfig({ [name]: value }), new RegExp(`- ${name}: must be`), `${name}=${value}`);
});

test('reads every variable, trimming a trailing slash from URLs', () => {
  const key = generateKey('acme_');
  const c = parseConfig({
    BASE_URL: 'https://api.example.com/',
    ACCOUNT_URL: 'https://example.com/account',
    API_KEY_PREFIX: 'acme_',
    TRUST_PROXY: 'CF-Connecting-IP',
    SCAN_ALLOW_PRIVATE_TARGETS: '1',
    HSTS_PRELOAD_STATUS_URL: 'none',
    UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:8079',
    UPSTASH_REDIS_REST_TOKEN: 'secret',
  });
  assert.equal(c.baseUrl, 'https://api.example.com');
  assert.equal(c.apiKeyPrefix, 'acme_');
  assert.equal(parseConfig({ API_KEY_PREFIX: 'acme_', DEV_API_KEY: key }).devApiKey, key);
  assert.equal(c.trustProxy, 'cf-connecting-ip');
  assert.equal(c.allowPrivateTargets, true);
  assert.equal(c.hstsPreloadStatusUrl, null);
  assert.deepEqual(c.upstash, { url: 'http://127.0.0.1:8079', token: 'secret', timeoutMs: 800 });
});

test('the store deadline is a whole number of milliseconds from 100 to 10,000', () => {
  const upstash = { UPSTASH_REDIS_REST_URL: 'https://x.upstash.io', UPSTASH_REDIS_REST_TOKEN: 't' };
  assert.equal(parseConfig({ ...upstash, UPSTASH_TIMEOUT_MS: '2500' }).upstash?.timeoutMs, 2500);
  for (const value of ['99', '10001', '1.5', '-1', '800ms', '1e3']) {
    assert.deepEqual(problemsOf({ ...upstash, UPSTASH_TIMEOUT_MS: value }), [
      `- UPSTASH_TIMEOUT_MS: must be a whole number of milliseconds from 100 to 10000; "${value}" is not one`,
    ]);
  }
});

test('lists every problem at once', () => {
  assert.throws(
    () => parseConfig({ BASE_URL: 'not a url', API_KEY_PREFIX: 'Bad', SCAN_ALLOW_PRIVATE_TARGETS: 'yes' }),
    (error: unknown) =>
      error instanceof ConfigError &&
      /BASE_URL/.test(error.message) &&
      /API_KEY_PREFIX/.test(error.message) &&
      /SCAN_ALLOW_PRIVATE_TARGETS/.test(error.message),
  );
});

test('refuses a DEV_API_KEY that is not a key of the configured prefix', () => {
  assert.throws(() => parseConfig({ DEV_API_KEY: 'hunter2' }), /DEV_API_KEY/);
  assert.throws(() => parseConfig({ DEV_API_KEY: generateKey('other_') }), /DEV_API_KEY/);
});

test('wants both Upstash variables or neither', () => {
  assert.throws(() => parseConfig({ UPSTASH_REDIS_REST_URL: 'https://x.upstash.io' }), /set together/);
});

describe('MCP_ALLOWED_ORIGINS', () => {
  test('reads a comma-separated list of origins, lower-cased', () => {
    assert.deepEqual(
      parseConfig({ MCP_ALLOWED_ORIGINS: 'https://App.example, http://localhost:6274' }).mcpAllowedOrigins,
      ['https://app.example', 'http://localhost:6274'],
    );
  });

  test('reads * as any origin', () => {
    assert.equal(parseConfig({ MCP_ALLOWED_ORIGINS: '*' }).mcpAllowedOrigins, '*');
  });

  test('refuses something that is not an origin', () => {
    assert.throws(() => parseConfig({ MCP_ALLOWED_ORIGINS: 'https://app.example/path' }), /MCP_ALLOWED_ORIGINS/);
    assert.throws(() => parseConfig({ MCP_ALLOWED_ORIGINS: 'app.example' }), /MCP_ALLOWED_ORIGINS/);
  });
});

describe('scan quota numbers', () => {
  test('each of the five is read as a whole number', () => {
    const c = parseConfig({
      SCANS_PER_HOUR_PER_CLIENT: '50',
      SCANS_PER_HOUR_PER_TARGET: '40',
      SCANS_PER_HOUR_PER_CLIENT_PER_TARGET: '10',
      SCANS_PER_HOUR_PER_NETWORK: '300',
      SCANS_PER_HOUR_OVERALL: '5000',
    });
    assert.deepEqual(c.scanQuota, {
      scansPerHourPerClient: 50,
      scansPerHourPerTarget: 40,
      scansPerHourPerClientPerTarget: 10,
      scansPerHourPerNetwork: 300,
      scansPerHourOverall: 5000,
    });
  });

  test('refuses what is not a whole number from 1 to 1,000,000, naming every bad variable', () => {
    for (const bad of ['0', '-1', '2.5', 'ten', '1e3', '1000001', '99999999'])
      assert.throws(
        () => parseConfig({ SCANS_PER_HOUR_PER_CLIENT: bad }),
        /^- SCANS_PER_HOUR_PER_CLIENT: must be a whole number from 1 to 1000000$/m,
        bad,
      );
    assert.throws(
      () => parseConfig({ SCANS_PER_HOUR_PER_TARGET: 'x', SCANS_PER_HOUR_OVERALL: '0' }),
      (error: Error) => /SCANS_PER_HOUR_PER_TARGET/.test(error.message) && /SCANS_PER_HOUR_OVERALL/.test(error.message),
    );
  });
});

describe('DEV_WEBSITE_GRADES', () => {
  test('reads DOMAIN=GRADE pairs, normalising domains as the badge does', () => {
    assert.deepEqual(
      parseConfig({ DEV_WEBSITE_GRADES: 'https://www.Example.com/=A+, example.org=B-' }).devWebsiteGrades,
      [
        { domain: 'example.com', grade: 'A+' },
        { domain: 'example.org', grade: 'B-' },
      ],
    );
  });

  test('refuses an unknown grade, a bad domain, or a use beside Upstash', () => {
    assert.throws(() => parseConfig({ DEV_WEBSITE_GRADES: 'example.com=G' }), /DEV_WEBSITE_GRADES: "example.com=G"/);
    assert.throws(() => parseConfig({ DEV_WEBSITE_GRADES: 'not a domain=A' }), /DEV_WEBSITE_GRADES/);
    assert.throws(() => parseConfig({ DEV_WEBSITE_GRADES: 'example.com' }), /DOMAIN=GRADE/);
    assert.throws(
      () =>
        parseConfig({
          DEV_WEBSITE_GRADES: 'example.com=A',
          UPSTASH_REDIS_REST_URL: 'https://redis.example',
          UPSTASH_REDIS_REST_TOKEN: 't',
        }),
      /only for the embedded store/,
    );
  });
});

describe('operator mistakes get one exact line each', () => {
  test('a BASE_URL without a scheme, or with credentials, a query or a fragment', () => {
    assert.deepEqual(problemsOf({ BASE_URL: 'scan.example.com' }), [
      '- BASE_URL: must be an absolute http:// or https:// URL (did you mean https://scan.example.com?)',
    ]);
    for (const base of ['https://user:pw@scan.example.com', 'https://scan.example.com/?q=1', 'https://x.example/#top'])
      assert.deepEqual(
        problemsOf({ BASE_URL: base }).map((line) =>
          line.startsWith('- BASE_URL: must be an origin with an optional path'),
        ),
        [true],
        base,
      );
    assert.equal(parseConfig({ BASE_URL: 'https://example.com/scan/' }).baseUrl, 'https://example.com/scan');
  });

  test('TRUST_PROXY names a header: known ones and x- headers, never a yes or a no', () => {
    for (const header of ['X-Forwarded-For', 'cf-connecting-ip', 'fly-client-ip', 'x-client-address'])
      assert.equal(parseConfig({ TRUST_PROXY: header }).trustProxy, header.toLowerCase());
    for (const word of ['yes', 'true', '1', 'on', 'forwarded', 'x forwarded'])
      assert.match(problemsOf({ TRUST_PROXY: word }).join(), /^- TRUST_PROXY: names the request header/, word);
  });

  test('a store token that could not travel in a header is refused without being repeated', () => {
    const env = { UPSTASH_REDIS_REST_URL: 'https://x.upstash.io', UPSTASH_REDIS_REST_TOKEN: 'SECRET\nX-Evil: 1' };
    const problems = problemsOf(env);
    assert.deepEqual(problems, [
      '- UPSTASH_REDIS_REST_TOKEN: must be printable ASCII without spaces, as Upstash issues it (not shown here)',
    ]);
  });

  test('DEV_API_KEY and DEV_WEBSITE_GRADES are for the embedded store only', () => {
    const upstash = { UPSTASH_REDIS_REST_URL: 'https://x.upstash.io', UPSTASH_REDIS_REST_TOKEN: 't' };
    assert.match(
      problemsOf({ ...upstash, DEV_API_KEY: generateKey('asc_live_') }).join(),
      /only for the embedded store/,
    );
  });

  test('a DEV_API_KEY that is not a key says what is wrong with it, never the key', () => {
    const key = generateKey('asc_live_');
    const typo = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    const [line] = problemsOf({ DEV_API_KEY: typo });
    assert.match(String(line), /checksum of the rest, and they do not match/);
    assert.ok(!String(line).includes(typo.slice(9)));
    assert.match(problemsOf({ DEV_API_KEY: 'asc_live_short' }).join(), /exactly 36 letters and digits/);
  });

  test('LOG_LEVEL is one of four, in any case', () => {
    assert.equal(parseConfig({ LOG_LEVEL: 'DEBUG' }).logLevel, 'debug');
    assert.deepEqual(problemsOf({ LOG_LEVEL: 'verbose' }), ['- LOG_LEVEL: must be one of debug, info, warn, error']);
  });
});

describe('values that would leak or mislead', () => {
  test('a store URL with credentials, a query or a fragment is refused, and a password is never repeated', () => {
    for (const url of [
      'http://u:SECRETPW@x.upstash.io',
      'https://x.upstash.io/?token=SECRETPW',
      'https://x.upstash.io/#a',
    ])
      assert.match(
        problemsOf({ UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: 't' }).join(),
        /^- UPSTASH_REDIS_REST_URL: must be the REST URL alone/,
        url,
      );
    const pasted = problemsOf({
      UPSTASH_REDIS_REST_URL: 'rediss://default:SECRETPW@x.upstash.io:6379',
      UPSTASH_REDIS_REST_TOKEN: 't',
    });
    assert.match(pasted.join(), /got "rediss:\/\/…@x\.upstash\.io:6379"/);
    assert.ok(!pasted.join().includes('SECRETPW'));
    assert.match(
      problemsOf({ DOH_URL: 'https://u:p@dns.example/dns-query' }).join(),
      /^- DOH_URL: must not have user:password@/,
    );
  });

  test('BASE_URL is used as every answer will spell it', () => {
    assert.equal(parseConfig({ BASE_URL: 'https://Scan.Example.com/a b/' }).baseUrl, 'https://scan.example.com/a%20b');
    assert.match(problemsOf({ BASE_URL: 'https://@scan.example.com' }).join(), /without user:password@/);
  });

  test('a value an env-file reader kept in quotes is named, not repeated', () => {
    assert.deepEqual(
      problemsOf({ UPSTASH_REDIS_REST_URL: 'https://x.upstash.io', UPSTASH_REDIS_REST_TOKEN: '"tok"' }),
      [
        '- UPSTASH_REDIS_REST_TOKEN: is wrapped in quotes, ' +
          'which some env-file readers (docker --env-file) keep: remove them',
      ],
    );
    assert.equal(problemsOf({ LOG_LEVEL: "'debug'" }).length, 1);
  });
});
