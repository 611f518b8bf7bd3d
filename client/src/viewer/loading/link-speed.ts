/**
 * Whether the link to the server is slow enough for the series download to ask for compressed
 * pixel data (`Save-Data: on`: the adapter then brotli-encodes a series stored uncompressed,
 * losslessly; docs/decisions.md "Serving: uncompressed pixel data over a WAN").
 *
 * Judged from the whole files downloaded so far (the first image's, WADO-URI), by Resource Timing:
 * each body's bytes over the time it took to arrive, the fastest one counting. The adapter
 * compresses about 50 MB/s of CT per core at 2×, so on any link slower than that compressing
 * brings the series sooner, and on a gigabit LAN or loopback it only costs CPU. The line is drawn
 * well below, at 10 MB/s (80 Mbit/s), because a busy machine makes a fast link look slow: a
 * 128 KB file over loopback measured 28 MB/s at a load average of 16, and a LAN must never be
 * slowed. Without a file large enough to time, the answer is no: the series comes as stored.
 */

/** Below this many bytes per second of a file's body, the series is asked for compressed. */
export const SLOW_LINK_BYTES_PER_SECOND = 10_000_000;
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
