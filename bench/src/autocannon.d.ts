// Minimal typings for the parts of autocannon 9 the bench uses (the package ships none).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    requests?: AutocannonRequest[];
    timeout?: number;
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9: number;
  }
  interface AutocannonResult {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
  }
  /** In a worker thread autocannon answers the raw (encoded) result; this aggregates it. */
  function autocannon(opts: AutocannonOptions): Promise<unknown>;
  namespace autocannon {
    function aggregateResult(results: unknown, opts?: Partial<AutocannonOptions>): AutocannonResult;
  }
  export default autocannon;
}
