/**
 * The service's log: one JSON object per line, the same on every runtime (docs/operations.md,
 * "Logs"). Access lines for every request, error lines for bugs, a line for each background badge
 * refresh, and a line when a dependency stops or starts answering. Lines below the configured
 * level are not written, except the dependency lines: at most two per outage, and half of a pair
 * would mislead.
 */
import type { LogLevel } from '../config.ts';
import type { AccessLogEntry, AppDeps, BadgeRefreshEvent, ErrorScene } from '../context.ts';
import type { DependencyEvent } from './dependency-watch.ts';

const SEVERITY: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Longest error text written: a stack is enough to find the bug, never a whole body. */
const MAX_ERROR_LENGTH = 4_000;

export type LogWriter = (line: string, level: LogLevel) => void;

export type LogHooks = Required<
  Pick<AppDeps, 'onRequestComplete' | 'onError' | 'onDependencyChange' | 'onBadgeRefresh'>
>;

export function jsonLogHooks(minimum: LogLevel, write: LogWriter, now: () => number = Date.now): LogHooks {
  const line = (level: LogLevel, fields: Record<string, unknown>) =>
    write(oneLine(JSON.stringify({ time: new Date(now()).toISOString(), level, ...fields }, wellFormed)), level);
  const emit = (level: LogLevel, fields: Record<string, unknown>) => {
    if (SEVERITY[level] >= SEVERITY[minimum]) line(level, fields);
  };
  return {
    onRequestComplete: ({ level, ...entry }: AccessLogEntry) => emit(level, { event: 'request', ...entry }),
    onError: (error: unknown, scene: ErrorScene) =>
      emit('error', { event: 'error', ...scene, error: errorText(error) }),
    onBadgeRefresh: (event: BadgeRefreshEvent) => emit('info', { event: 'badge_refresh', ...event }),
    onDependencyChange: (change: DependencyEvent) =>
      line(change.event === 'dependency_down' ? 'error' : 'info', { ...change }),
  };
}

/** JSON leaves U+0085, U+2028 and U+2029 as they are; some log viewers break lines at them. */
const oneLine = (json: string) =>
  json
    .replace(/\u0085/g, '\\u0085')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A lone surrogate is written as an escape that strict JSON readers (jq) refuse: U+FFFD instead. */
const wellFormed = (_key: string, value: unknown) =>
  typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value;

function errorText(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/** The console as a log writer, for runtimes whose platform collects console output. */
export const consoleLogWriter: LogWriter = (line, level) => {
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
};
