/**
 * Kept scans on Upstash Redis: records, histories and the per-tool latest grades (docs/store.md,
 * "Kept scans"). Part of UpstashStore, which hands it its client, clock and error wrapping.
 */
import type { UpstashClient } from './upstash-client.ts';
import {
  SCAN_RECORD_TTL_MS,
  SCANS_KEPT_PER_TARGET,
  summaryOf,
  type GradedTool,
  type ScanSummary,
  type StoredScan,
} from './port.ts';

type Call = <T>(operation: (client: UpstashClient) => Promise<T>) => Promise<T>;

export class UpstashScans {
  readonly #prefix: string;
  readonly #now: () => number;
  readonly #call: Call;

  constructor(prefix: string, now: () => number, call: Call) {
    this.#prefix = prefix;
    this.#now = now;
    this.#call = call;
  }

  async saveScan(scan: StoredScan, gradeDomain: string | null): Promise<void> {
    const keys = [this.#scanKey(scan.scanId), this.#historyKey(scan.tool, scan.target)];
    const args = [
      JSON.stringify(scan),
      JSON.stringify(summaryOf(scan)),
      String(SCAN_RECORD_TTL_MS),
      String(SCANS_KEPT_PER_TARGET),
      this.#scanKey(''),
    ];
    if (scan.grade !== null && gradeDomain !== null) {
      keys.push(this.#gradeKey(gradeDomain, scan.tool as GradedTool));
      args.push(JSON.stringify({ grade: scan.grade, at: scan.scannedAt }), String(scan.scannedAt));
    }
    await this.#call(({ scripts }) => scripts.saveScan.exec(keys, args));
  }

  async findScan(scanId: string): Promise<StoredScan | null> {
    const stored = await this.#call(({ redis }) => redis.get<string>(this.#scanKey(scanId)));
    return this.#unexpired(stored);
  }

  async latestScan(tool: string, target: string): Promise<StoredScan | null> {
    const key = this.#historyKey(tool, target);
    const stored = await this.#call(({ scripts }) => scripts.latestScan.exec([key], [this.#scanKey('')]));
    return this.#unexpired(typeof stored === 'string' ? stored : null);
  }

  async scanHistory(tool: string, target: string, limit: number): Promise<ScanSummary[]> {
    const key = this.#historyKey(tool, target);
    const items = await this.#call(({ redis }) => redis.lrange<string>(key, 0, limit - 1));
    const cutoff = this.#now() - SCAN_RECORD_TTL_MS;
    return items.map((item) => JSON.parse(item) as ScanSummary).filter((s) => s.scannedAt >= cutoff);
  }

  async setLatestGrade(
    domain: string,
    grade: string,
    at: number,
    tool: GradedTool = 'website-security',
  ): Promise<void> {
    await this.#call(({ scripts }) =>
      scripts.latestGrade.exec([this.#gradeKey(domain, tool)], [JSON.stringify({ grade, at }), String(at)]),
    );
  }

  async latestGrade(
    domain: string,
    tool: GradedTool = 'website-security',
  ): Promise<{ grade: string; at: number } | null> {
    const stored = await this.#call(({ redis }) => redis.get<string>(this.#gradeKey(domain, tool)));
    return stored ? (JSON.parse(stored) as { grade: string; at: number }) : null;
  }

  /** A stored scan, unless older than 30 days by this store's clock (Redis expires it by its own). */
  #unexpired(stored: string | null): StoredScan | null {
    const scan = stored ? (JSON.parse(stored) as StoredScan) : null;
    return scan && scan.scannedAt >= this.#now() - SCAN_RECORD_TTL_MS ? scan : null;
  }

  #scanKey(scanId: string): string {
    return `${this.#prefix}:scan:${scanId}`;
  }

  #historyKey(tool: string, target: string): string {
    return `${this.#prefix}:history:${tool}:${target}`;
  }

  /** The operator's website-security grades keep their original key. */
  #gradeKey(domain: string, tool: GradedTool): string {
    return tool === 'website-security' ? `${this.#prefix}:grade:${domain}` : `${this.#prefix}:grade:${tool}:${domain}`;
  }
}
