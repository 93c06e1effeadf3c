// autocannon ships no types; this declares only the part of its programmatic API the benchmark uses.
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    workers?: number;
    headers?: Record<string, string>;
  }

  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    '4xx': number;
    latency: Histogram;
    requests: Histogram & { total: number };
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
