/** The part of autocannon's API the server bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    total: number;
  }
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    /** Requests per second over all connections (no limit when left out). */
    overallRate?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: AutocannonRequest[];
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
