/**
 * The local world the recorded corpus runs in: scripted web sites on loopback (HTTP and HTTPS on
 * one port), a DNS-over-HTTPS server with the sites' names and the test mail domains, the real
 * scanners of every tool pointed at them, and the app built several ways (createApp with a fixed
 * clock and the embedded store; small limits; a store that is down or broken; no scanners; no
 * BASE_URL; scanners that refuse private addresses). Nothing here reaches past loopback. Only the
 * entry point (src/index.ts), the key service and test/support are imported, so that the script
 * runs unchanged while files move inside src/.
 */
import { createPinnedFetch } from '../../deploy/node/pinned-fetch.ts';
import { createApp, createScanners, MemoryStore, parseConfig, type App, type AppDeps } from '../../src/index.ts';
import { KeyService } from '../../src/keys/key-service.ts';
import { trackBackgroundWork } from '../../test/support/background-work.ts';
import { ManualClock } from '../../test/support/clock.ts';
import { startDohServer, type ZoneEntry, type Zones } from '../../test/support/doh-server.ts';
import { switchableStore } from '../../test/support/failing-store.ts';
import { freePort } from '../../test/support/free-port.ts';
import { mailZones, STS_POLICY } from '../../test/support/mail-zones.ts';
import { EXEMPLARY_HEADERS, headersWith, SRI_PAGE } from '../../test/support/observatory-cases.ts';
import { mtaStsPolicies, realisticZones } from '../../test/support/realistic-mail-domains.ts';
import { simulatedInternet } from '../../test/support/simulated-internet.ts';
import { startSite, type SiteRequest, type SiteResponse } from '../../test/support/site-server.ts';

/** 2026-11-27T10:00:00Z: every app's clock starts here and moves only when the corpus moves it. */
const START_TIME = Date.UTC(2026, 10, 27, 10);

type Store = AppDeps['store'];
type Limits = NonNullable<AppDeps['limits']>;
type Scope = NonNullable<Parameters<KeyService['create']>[0]['scopes']>[number];
type HeaderPairs = [string, string][];

/** Sites for security-headers, by host name: each answers as a differently configured web site would. */
function siteRoutes(port: () => number): Record<string, (r: SiteRequest) => SiteResponse> {
  const toHttps = (host: string, r: SiteRequest, page: SiteResponse): SiteResponse =>
    r.secure ? page : { status: 301, headers: [['location', `https://${host}:${port()}/`]] };
  const html = (headers: HeaderPairs, body = SRI_PAGE): SiteResponse => ({ headers, body });
  return {
    'exemplary.test': (r) => toHttps('exemplary.test', r, html(EXEMPLARY_HEADERS)),
    'no-csp.test': (r) => toHttps('no-csp.test', r, html(headersWith({ 'content-security-policy': null }))),
    'weak.test': (r) =>
      toHttps(
        'weak.test',
        r,
        html(
          headersWith({
            'content-security-policy': "default-src * 'unsafe-inline' 'unsafe-eval'",
            'strict-transport-security': 'max-age=300',
            'x-frame-options': 'ALLOW-FROM https://a.example',
            'referrer-policy': 'unsafe-url',
            'set-cookie': 'sessionid=abc; Path=/',
          }),
          '<html><script src="http://cdn.example/x.js"></script></html>',
        ),
      ),
    'bare.test': () => html([['content-type', 'text/html']], '<html><script src="http://cdn.example/x.js"></script>'),
    'hops.test': (r) =>
      !r.secure
        ? { status: 301, headers: [['location', `https://hops.test:${port()}/login`]] }
        : r.url === '/login'
          ? {
              status: 302,
              headers: [
                ['location', '/home'],
                ['set-cookie', 'csrftoken=e; Secure; Path=/'],
              ],
            }
          : html(headersWith({ 'permissions-policy': null })),
    'challenge.test': () => ({
      status: 403,
      headers: [
        ['content-type', 'text/html'],
        ['server', 'cloudflare'],
        ['cf-mitigated', 'challenge'],
      ],
      body: '<title>Just a moment...</title>',
    }),
    'broken.test': () => ({ status: 500, headers: [['content-type', 'text/plain']], body: 'oops' }),
  };
}

/** The public keys of the DKIM records in `zones` (generated afresh by each process that builds them). */
function dkimKeysOf(zones: Zones): string[] {
  const texts = Object.values(zones).flatMap((entry) => {
    const items = Array.isArray(entry) ? entry : typeof entry === 'object' && 'records' in entry ? entry.records : [];
    return items.flatMap((item) =>
      typeof item === 'object' && item.type === 'TXT' && 'data' in item
        ? [
            (Array.isArray(item.data) ? item.data : [item.data])
              .map((part) => (typeof part === 'string' ? part : ''))
              .join(''),
          ]
        : [],
    );
  });
  return texts.flatMap((text) => [...text.matchAll(/\bp=([A-Za-z0-9+/]{40,}={0,2})/g)].map((m) => m[1]!));
}

/** Names that resolve to loopback but where nothing listens on the port the target names. */
const REFUSING_HOST = 'refused.test';

export interface World {
  clock: ManualClock;
  /** The security-headers target URL of a local site (or of the refusing host). */
  site(host: string): string;
  /** What a record must not show as received (ports, generated keys…), and the placeholder shown instead. */
  volatile: Map<string, string>;
  apps: Record<AppName, BuiltApp>;
  /** Creates a key in an app's store; its value and id are recorded as placeholders. */
  createKey(app: AppName, label: string, options?: { scopes?: Scope[]; expiresAt?: number }): Promise<string>;
  revokeKey(app: AppName, key: string): Promise<void>;
  setWebsiteGrade(app: AppName, domain: string, grade: string): Promise<void>;
  errors: unknown[];
  close(): Promise<void>;
}

export interface BuiltApp {
  app: App;
  settled(): Promise<void>;
  store: Store;
  keys: KeyService;
  setStoreDown(down: boolean): void;
}

export type AppName =
  | 'main'
  | 'small-limits'
  | 'store-down'
  | 'store-broken'
  | 'no-scanners'
  | 'no-base-url'
  /** Scanners that refuse loopback and private addresses, as in production. */
  | 'guarded';

/** Tiny limits, so that every 429 policy is met within a few requests. */
const SMALL_LIMITS: Limits = {
  anonymousPerMinute: 3,
  keyPerMinute: 3,
  scansPerHourPerClient: 1,
  scansPerHourPerTarget: 2,
  scansPerHourPerClientPerTarget: 2,
  scansPerHourPerNetwork: 3,
  scansPerHourOverall: 8,
  badgePerMinute: 2,
  pagesPerMinute: 1000,
  mcpProtocolPerMinute: 2,
};

/** A store whose every call fails as a bug would (not as an outage): a 500. */
function brokenStore(inner: Store): Store {
  return new Proxy(inner, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return () => Promise.reject(new TypeError(`broken store (${String(property)})`));
    },
  });
}

export async function startWorld(): Promise<World> {
  let sitePort = 0;
  const routes = siteRoutes(() => sitePort);
  const stsPolicies = mtaStsPolicies();
  const names = [...Object.keys(routes), 'mta-sts.sts.test', ...stsPolicies.keys()];
  const site = await startSite(names, (r) => {
    const host = String(r.headers.host ?? '')
      .replace(/:\d+$/, '')
      .toLowerCase();
    if (r.url === '/.well-known/mta-sts.txt') {
      const policy = host === 'mta-sts.sts.test' ? STS_POLICY : stsPolicies.get(host);
      if (policy !== undefined) return { headers: [['content-type', 'text/plain; charset=utf-8']], body: policy };
    }
    return (routes[host] ?? (() => ({ status: 404 })))(r);
  });
  sitePort = site.port;
  const closedPort = await freePort();
  const loopback = [...Object.keys(routes), REFUSING_HOST].map((name): [string, ZoneEntry] => [
    name,
    [{ type: 'A', data: '127.0.0.1' }],
  ]);
  const zones: Zones = {
    ...realisticZones(),
    ...mailZones(),
    ...Object.fromEntries(loopback),
    'servfail.test': 'SERVFAIL',
  };
  const doh = await startDohServer(zones);
  const volatile = new Map<string, string>([
    [String(site.port), '<site-port>'],
    [String(closedPort), '<closed-port>'],
    [String(new URL(doh.url).port), '<doh-port>'],
  ]);
  for (const key of dkimKeysOf(zones)) if (!volatile.has(key)) volatile.set(key, `<dkim-key-${volatile.size - 2}>`);

  const clock = new ManualClock(START_TIME);
  const scanFetch = createPinnedFetch({ ca: [site.cert] });
  const guardedEnv = { DOH_URL: doh.url, HSTS_PRELOAD_STATUS_URL: 'none' };
  const env = { ...guardedEnv, SCAN_ALLOW_PRIVATE_TARGETS: '1' };
  // Our own services (the DoH server) are on loopback; nothing else may be asked.
  const localFetch: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1') return Promise.reject(new TypeError(`no internet here: ${url.origin}`));
    return fetch(input, init);
  };
  const runtime = { scanFetch: simulatedInternet(scanFetch), fetch: localFetch, mtaStsPort: site.port };
  const scanners = createScanners(parseConfig(env), runtime);
  const guardedScanners = createScanners(parseConfig(guardedEnv), runtime);
  const errors: unknown[] = [];

  const build = (options: {
    baseUrl?: boolean;
    env?: Record<string, string>;
    limits?: Limits;
    store?: (memory: MemoryStore) => Store;
    scanners?: AppDeps['scanners'];
  }): BuiltApp => {
    const memory = new MemoryStore({ now: clock.now });
    const switchable = switchableStore(options.store ? options.store(memory) : memory);
    const config = parseConfig({
      ...(options.baseUrl === false ? {} : { BASE_URL: 'https://scan.test' }),
      ACCOUNT_URL: 'https://account.scan.test/keys',
      TRUST_PROXY: 'x-forwarded-for',
      ...(options.env ?? env),
    });
    const tracked = trackBackgroundWork(
      createApp({
        config,
        store: switchable.store,
        now: clock.now,
        scanners: options.scanners ?? scanners,
        ...(options.limits ? { limits: options.limits } : {}),
        onError: (error) => errors.push(error),
        onDependencyChange: () => {},
      }),
    );
    return {
      app: tracked.app,
      settled: () => tracked.settled(),
      store: memory,
      keys: new KeyService(memory, config.apiKeyPrefix, clock.now),
      setStoreDown: (down) => switchable.setDown(down),
    };
  };

  const apps: Record<AppName, BuiltApp> = {
    main: build({}),
    'small-limits': build({ limits: SMALL_LIMITS }),
    'store-down': build({}),
    'store-broken': build({ store: brokenStore }),
    'no-scanners': build({ scanners: {} }),
    'no-base-url': build({ baseUrl: false }),
    guarded: build({ env: guardedEnv, scanners: guardedScanners }),
  };
  const records = new Map<string, string>();
  return {
    clock,
    site: (host) => `https://${host}:${host === REFUSING_HOST ? closedPort : site.port}/`,
    volatile,
    apps,
    async createKey(app, label, options = {}) {
      const { key, record } = await apps[app].keys.create({
        name: label,
        owner: 'user_corpus',
        scopes: options.scopes,
        expiresAt: options.expiresAt,
      });
      volatile.set(key, `<key:${label}>`);
      volatile.set(record.id, `<key-id:${label}>`);
      records.set(key, record.id);
      return key;
    },
    async revokeKey(app, key) {
      await apps[app].store.revokeKey(records.get(key)!, clock.now());
    },
    setWebsiteGrade: (app, domain, grade) => apps[app].store.setLatestGrade(domain, grade, clock.now()),
    errors,
    async close() {
      await scanFetch.close();
      await Promise.all([site.close(), doh.close()]);
    },
  };
}
