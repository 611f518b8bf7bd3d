/**
 * Whether the link to the server is slow enough for the series download to be asked for again
 * compressed (`Save-Data: on`: the adapter then brotli-encodes a series stored uncompressed,
 * losslessly; docs/decisions.md "Serving: uncompressed pixel data over a WAN").
 *
 * Timed in the fetch worker on the series answer itself, as its parts complete: from the first
 * part's end until at least PROBE_BYTES more have come. The adapter compresses about 50 MB/s of
 * CT per core at 2×, so on any link slower than that compressing brings the series sooner, and on
 * a gigabit LAN or loopback it only costs CPU. The line is drawn well below, at 10 MB/s (80
 * Mbit/s), because a busy machine makes a fast link look slow, and a LAN must never be slowed.
 * The main thread's Resource Timing was tried first and misread loopback as slow at a load
 * average of 16: a main-thread download ends when that busy thread takes its last bytes.
 */

/** Below this many bytes per second the series is asked for compressed. */
export const SLOW_LINK_BYTES_PER_SECOND = 10_000_000;
/** Bytes timed before deciding: two of the bench CT's slices, eight 256×256 ones. */
export const PROBE_BYTES = 1024 * 1024;

export class LinkProbe {
  private start = -1;
  private bytes = 0;
  private decided = false;

  /**
   * A part of `size` bytes completed at `now` (ms). True once, when the parts since the first one
   * reached PROBE_BYTES slower than SLOW_LINK_BYTES_PER_SECOND; false before and after.
   */
  slow(size: number, now: number): boolean {
    if (this.decided) return false;
    if (this.start < 0) {
      this.start = now;
      return false;
    }
    this.bytes += size;
    if (this.bytes < PROBE_BYTES) return false;
    this.decided = true;
    const seconds = (now - this.start) / 1000;
    return seconds > 0 && this.bytes / seconds < SLOW_LINK_BYTES_PER_SECOND;
  }
}
