/** The part of autocannon's API that bench/api.ts uses (the package ships no types). */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  export interface RawRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: (RawRequest & { setupRequest?: (request: RawRequest) => RawRequest })[];
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }
  export function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
