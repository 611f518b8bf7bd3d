/** Latency and throughput of a request, issued N times by C concurrent callers. */
export interface Measurement {
  name: string;
  requests: number;
  concurrency: number;
  p50_ms: number;
  p95_ms: number;
  /** Where the load generator gives them (wrk: bench/wrk.ts). */
  p99_ms?: number;
  errors?: number;
  per_second: number;
}

export async function measure(name: string, requests: number, concurrency: number, call: () => Promise<void>): Promise<Measurement> {
  // Warm up connections and caches so the figures describe steady state.
  for (let i = 0; i < Math.min(20, requests); i++) await call();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    requests,
    concurrency,
    p50_ms: round(at(0.5)),
    p95_ms: round(at(0.95)),
    per_second: round(requests / elapsed),
  };
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
