/**
 * The app as an environment describes it: what every entry point does between reading its
 * configuration and serving requests. Entries differ only in where the environment comes from,
 * how they learn the client's address, and whether they have a pinning `fetch` and `waitUntil`.
 */
import { createApp } from './app.ts';
import { ConfigError, parseConfig, type AppConfig } from './config.ts';
import type { AppDeps, RuntimeContext } from './context.ts';
import { KeyService } from './keys/key-service.ts';
import { SPEC_LIMITS } from './limits.ts';
import type { ScanFetch } from './net/scan-fetch.ts';
import { MemoryStore } from './store/memory.ts';
import type { Store } from './store/port.ts';
import { UpstashStore } from './store/upstash.ts';
import { consoleLogWriter, jsonLogHooks, type LogWriter } from './ops/log-lines.ts';
import { createScanners } from './tools/scanners.ts';

export interface PlatformOptions extends Pick<AppDeps, 'scanDeadlineMs'> {
  /** A fetch that connects only to the vetted addresses (Node's); else the platform's `fetch`. */
  scanFetch?: ScanFetch;
  /** Where start-up notices and warnings go (people read them; one sentence each). */
  notice?: (message: string) => void;
  /** Where log lines go: one JSON object per line (docs/operations.md, "Logs"). Default: the console. */
  writeLog?: LogWriter;
  /**
   * `development` (npm start): with the embedded store and no DEV_API_KEY, a key with every scope is
   * generated and printed. `production` (the default, every deployed entry) never invents a key.
   */
  mode?: 'development' | 'production';
}

export interface Service {
  config: AppConfig;
  store: Store;
  /** Settles once start-up work (registering the development key) is done; never rejects. */
  ready: Promise<DevKey | null>;
  fetch(request: Request, runtime?: RuntimeContext): Promise<Response>;
}

export interface DevKey {
  key: string;
  generated: boolean;
}

/** Upstash when its two variables are set, else the embedded store (one process or isolate). */
function selectStore(config: AppConfig): Store {
  return config.upstash ? new UpstashStore(config.upstash) : new MemoryStore();
}

/** The platform's own fetch, for runtimes that cannot pin connections (see docs/ssrf.md). */
const platformScanFetch: ScanFetch = (url, init) => fetch(url, init);

/**
 * With the embedded store: registers DEV_API_KEY; in development only, a generated key when it is
 * unset. Production never invents a key: without DEV_API_KEY it serves anonymous callers only.
 */
async function registerDevKey(config: AppConfig, store: Store, mode: Mode): Promise<DevKey | null> {
  if (config.devApiKey === null && mode === 'production') return null;
  const keys = new KeyService(store, config.apiKeyPrefix, Date.now);
  const { key } = await keys.create({
    name: 'development key',
    owner: 'local-developer',
    key: config.devApiKey ?? undefined,
  });
  return { key, generated: config.devApiKey === null };
}

/** Settings that are fine on a laptop and risky on a public deployment, said once at start-up. */
function riskWarnings(config: AppConfig, mode: Mode): string[] {
  if (mode === 'development') return [];
  const warnings: string[] = [];
  if (config.baseUrl === null)
    warnings.push(
      'Warning: BASE_URL is unset, so every URL in answers is built from the Host header each client sends; ' +
        'set BASE_URL to the public URL.',
    );
  if (config.allowPrivateTargets)
    warnings.push(
      'Warning: SCAN_ALLOW_PRIVATE_TARGETS is on, so scans may reach loopback and private addresses ' +
        '(this host, its network, cloud metadata); never turn it on where untrusted clients can call the API.',
    );
  if (config.upstash === null)
    warnings.push(
      'Warning: the embedded store keeps limits, quotas, keys and kept scans in this process only: ' +
        'they are lost on restart and each instance counts alone. ' +
        'Set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN in production.',
    );
  return warnings;
}

/** With the embedded store: DEV_WEBSITE_GRADES, so that the default (website-security) badge can be seen. */
async function recordDevGrades(config: AppConfig, store: Store, notice: (message: string) => void): Promise<void> {
  for (const { domain, grade } of config.devWebsiteGrades) await store.setLatestGrade(domain, grade, Date.now());
  if (config.devWebsiteGrades.length > 0)
    notice(
      `Development website-security grades recorded for ${config.devWebsiteGrades.map((g) => g.domain).join(', ')}.`,
    );
}

type Mode = NonNullable<PlatformOptions['mode']>;

/** Throws ConfigError listing every problem when the environment is invalid. */
export function createService(env: Record<string, unknown>, options: PlatformOptions = {}): Service {
  const config = parseConfig(stringEntries(env));
  const mode = options.mode ?? 'production';
  const store = selectStore(config);
  const notice = options.notice ?? ((message: string) => console.warn(message));
  const app = createApp({
    ...jsonLogHooks(config.logLevel, options.writeLog ?? consoleLogWriter),
    config,
    store,
    scanners: createScanners(config, {
      scanFetch: options.scanFetch ?? platformScanFetch,
      fetch: (input, init) => fetch(input, init),
    }),
    ...(options.scanDeadlineMs ? { scanDeadlineMs: options.scanDeadlineMs } : {}),
    limits: { ...SPEC_LIMITS, ...config.scanQuota },
  });
  for (const warning of riskWarnings(config, mode)) notice(warning);
  const ready = config.upstash
    ? Promise.resolve(null)
    : registerDevKey(config, store, mode).then(async (dev) => {
        await recordDevGrades(config, store, notice);
        announce(dev, mode, notice);
        return dev;
      });
  let started = false;
  return {
    config,
    store,
    ready,
    async fetch(request, runtime) {
      if (!started) {
        await ready;
        started = true;
      }
      return app.fetch(request, runtime);
    },
  };
}

/** For an entry that is a process: the service, or every configuration problem printed and exit 1. */
export function createServiceOrExit(
  env: Record<string, unknown>,
  options: PlatformOptions,
  exit: (code: number) => never,
): Service {
  try {
    return createService(env, options);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return exit(1);
  }
}

function announce(dev: DevKey | null, mode: Mode, notice: (message: string) => void): void {
  if (mode === 'development')
    notice(
      'Embedded store: limits, quotas and keys live in this instance only; ' +
        'set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN to share them.',
    );
  if (dev === null) notice('No API key is registered (DEV_API_KEY is unset): the API serves anonymous callers only.');
  else
    notice(
      dev.generated
        ? `Development API key with every scope (shown once): ${dev.key}`
        : 'API key from DEV_API_KEY registered (every scope).',
    );
}

/** Workers' `env` also holds bindings (KV, secrets objects); configuration is the string entries. */
function stringEntries(env: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (typeof value === 'string') out[name] = value;
  return out;
}
