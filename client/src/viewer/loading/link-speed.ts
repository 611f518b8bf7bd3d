/**
 * Whether the link to the server is slow enough for the series download to ask for compressed
 * pixel data (`Save-Data: on`: the adapter then brotli-encodes a series stored uncompressed,
 * losslessly; docs/decisions.md "Serving: uncompressed pixel data over a WAN").
 *
 * Judged from the whole files downloaded so far (the first image's, WADO-URI), by Resource Timing:
 * each body's bytes over the time it took to arrive, the fastest one counting. The adapter
 * compresses about 57 MB/s of CT per core at 1.9×, so below ~20 MB/s (160 Mbit/s) compressing
 * brings the series sooner, and above it (a hospital LAN, loopback) it would only cost CPU.
 * Without a file large enough to time, the answer is no: the series comes as stored.
 */

/** Below this many bytes per second of a file's body, the series is asked for compressed. */
export const SLOW_LINK_BYTES_PER_SECOND = 20_000_000;
/** Smaller files say more about latency than about the link's throughput. */
const MIN_TIMED_BYTES = 64 * 1024;

export type TimedDownload = Pick<PerformanceResourceTiming, 'name' | 'encodedBodySize' | 'responseStart' | 'responseEnd'>;

/** True when every timed whole-file download arrived slower than SLOW_LINK_BYTES_PER_SECOND. */
export function isSlowLink(downloads: readonly TimedDownload[]): boolean {
  let fastest = -1;
  for (const entry of downloads) {
    if (!entry.name.includes('/wado?') || entry.encodedBodySize < MIN_TIMED_BYTES || entry.responseStart <= 0) continue;
    const seconds = (entry.responseEnd - entry.responseStart) / 1000;
    // Arrived within the timer's resolution: as fast as it gets.
    const rate = seconds > 0 ? entry.encodedBodySize / seconds : Infinity;
    fastest = Math.max(fastest, rate);
  }
  return fastest >= 0 && fastest < SLOW_LINK_BYTES_PER_SECOND;
}

/** The page's own downloads so far, for isSlowLink. */
export function pageDownloads(): TimedDownload[] {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return [];
  return performance.getEntriesByType('resource') as PerformanceResourceTiming[];
}
