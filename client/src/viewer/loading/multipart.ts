/**
 * A streaming reader of multipart/related bodies (RFC 2046 §5.1), as WADO-RS answers a series
 * retrieve: bytes go in as they arrive, each part's body comes out as its own ArrayBuffer (ready
 * to be transferred to another thread) as soon as it is complete. A part that declares its
 * Content-Length (Orthanc and the adapter both do) is copied once, straight into its buffer;
 * one that does not is found by its closing delimiter.
 */

const CR = 13;
const LF = 10;
const DASH = 45;
/** What `pending` takes of a chunk at a time outside an unsized body: room for a part's headers. */
const PIECE_BYTES = 4096;
/** What a read between two parts asks for: enough for a delimiter and a part's headers. */
const HEADER_READ_BYTES = 4096;

/** The boundary parameter of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string | null): string | null {
  const match = /;\s*boundary=("([^"]+)"|[^;\s]+)/i.exec(contentType ?? '');
  return match ? (match[2] ?? match[1] ?? null) : null;
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
}

/** Where `needle` starts in `haystack` at or after `from`, or -1. */
function find(haystack: Uint8Array, needle: Uint8Array, from: number, to = haystack.length): number {
  const first = needle[0];
  const last = to - needle.length;
  for (let at = haystack.indexOf(first!, from); at !== -1 && at <= last; at = haystack.indexOf(first!, at + 1)) {
    let same = true;
    for (let k = 1; k < needle.length && same; k++) same = haystack[at + k] === needle[k];
    if (same) return at;
  }
  return -1;
}

type State = 'delimiter' | 'after-delimiter' | 'headers' | 'sized-body' | 'scanned-body' | 'done';

export class MultipartReader {
  /** `--boundary`; inside the body the delimiter is CRLF followed by this. */
  private readonly dashBoundary: Uint8Array;
  private readonly delimiter: Uint8Array;
  private state: State = 'delimiter';
  /** Bytes received and not yet consumed: `pending[start, end)`. */
  private pending = new Uint8Array(64 * 1024);
  private start = 0;
  private end = 0;
  /** Where the search for the closing delimiter of an unsized body resumes. */
  private scanned = 0;
  private body: Uint8Array | null = null;
  private bodySize = 0;
  private filled = 0;

  constructor(
    boundary: string,
    private readonly onPart: (body: ArrayBuffer) => void,
  ) {
    this.dashBoundary = ascii(`--${boundary}`);
    this.delimiter = ascii(`\r\n--${boundary}`);
  }

  /** Feeds the next bytes of the body. */
  push(chunk: Uint8Array): void {
    let data = chunk;
    while (data.length > 0 && this.state !== 'done') {
      if (this.state === 'sized-body' && this.body && this.start === this.end) {
        // The common case: copy straight from the network's chunk into the part's buffer.
        const count = Math.min(this.body.length - this.filled, data.length);
        this.body.set(data.subarray(0, count), this.filled);
        this.filled += count;
        data = data.subarray(count);
        if (this.filled === this.body.length) this.finishSizedBody();
        continue;
      }
      // Delimiters and headers are read from `pending`. A sized body that starts in this chunk
      // should still be copied straight from it: `pending` takes a small piece at a time, so at
      // most that piece passes through it twice.
      const piece = this.state === 'scanned-body' ? data : data.subarray(0, PIECE_BYTES);
      this.append(piece);
      data = data.subarray(piece.length);
      this.parse();
    }
  }

  /**
   * The rest of the sized body being read, when the next bytes all belong to it: a reader that can
   * read into a given buffer reads there, then calls `bodyFilled`. Null otherwise (`push` then).
   */
  bodyRemainder(): Uint8Array | null {
    return this.state === 'sized-body' && this.body && this.start === this.end ? this.body.subarray(this.filled) : null;
  }

  /**
   * `bytes` were read into `bodyRemainder()`. Such a read moves the buffer it fills (the old one is
   * detached), so the body continues in `bytes.buffer`.
   */
  bodyFilled(bytes: Uint8Array): void {
    // The read detached the old buffer: its view now reads as empty, so the size is kept apart.
    const body = new Uint8Array(bytes.buffer as ArrayBuffer);
    if (this.state !== 'sized-body' || body.length !== this.bodySize || bytes.byteOffset !== this.filled) {
      throw new Error('bodyFilled without a read into bodyRemainder()');
    }
    this.body = body;
    this.filled += bytes.length;
    if (this.filled === body.length) this.finishSizedBody();
  }

  /** The body ended: throws when the closing delimiter never came (a cut-off answer). */
  finish(): void {
    if (this.state !== 'done') throw new Error('The multipart answer ended early.');
  }

  private append(data: Uint8Array): void {
    if (this.start === this.end) {
      this.scanned -= this.start;
      this.start = this.end = 0;
    }
    const length = this.end - this.start;
    if (this.end + data.length > this.pending.length) {
      if (length + data.length <= this.pending.length) {
        this.pending.copyWithin(0, this.start, this.end);
      } else {
        const grown = new Uint8Array(Math.max(this.pending.length * 2, length + data.length));
        grown.set(this.pending.subarray(this.start, this.end));
        this.pending = grown;
      }
      this.scanned -= this.start;
      this.start = 0;
      this.end = length;
    }
    this.pending.set(data, this.end);
    this.end += data.length;
  }

  private finishSizedBody(): void {
    const body = this.body!;
    this.body = null;
    this.filled = 0;
    this.state = 'delimiter';
    this.onPart(body.buffer as ArrayBuffer);
  }

  /** Consumes as much of `pending` as the state allows. */
  private parse(): void {
    for (;;) {
      const bytes = this.pending;
      switch (this.state) {
        case 'delimiter': {
          // The first delimiter may come without its CRLF (there is no preamble before it).
          const at = find(bytes, this.dashBoundary, this.start, this.end);
          if (at === -1) {
            this.start = Math.max(this.start, this.end - this.dashBoundary.length + 1);
            return;
          }
          this.start = at + this.dashBoundary.length;
          this.state = 'after-delimiter';
          break;
        }
        case 'after-delimiter': {
          if (this.end - this.start < 2) return;
          if (bytes[this.start] === DASH && bytes[this.start + 1] === DASH) {
            this.state = 'done';
            return;
          }
          // Transport padding (spaces, tabs) may sit before the line's CRLF.
          const at = find(bytes, ascii('\r\n'), this.start, this.end);
          if (at === -1) return;
          this.start = at + 2;
          this.state = 'headers';
          break;
        }
        case 'headers': {
          let headerEnd: number;
          let next: number;
          if (this.end - this.start >= 2 && bytes[this.start] === CR && bytes[this.start + 1] === LF) {
            headerEnd = this.start;
            next = this.start + 2;
          } else {
            const at = find(bytes, ascii('\r\n\r\n'), this.start, this.end);
            if (at === -1) return;
            headerEnd = at;
            next = at + 4;
          }
          const headers = new TextDecoder('latin1').decode(bytes.subarray(this.start, headerEnd));
          const length = /^content-length:\s*(\d+)\s*$/im.exec(headers);
          this.start = next;
          if (length) {
            this.body = new Uint8Array(Number(length[1]));
            this.bodySize = this.body.length;
            this.filled = 0;
            this.state = 'sized-body';
            if (this.body.length === 0) this.finishSizedBody();
          } else {
            this.scanned = this.start;
            this.state = 'scanned-body';
          }
          break;
        }
        case 'sized-body': {
          const body = this.body!;
          const count = Math.min(body.length - this.filled, this.end - this.start);
          body.set(bytes.subarray(this.start, this.start + count), this.filled);
          this.filled += count;
          this.start += count;
          if (this.filled < body.length) return;
          this.finishSizedBody();
          break;
        }
        case 'scanned-body': {
          const at = find(bytes, this.delimiter, this.scanned, this.end);
          if (at === -1) {
            this.scanned = Math.max(this.start, this.end - this.delimiter.length + 1);
            return;
          }
          const body = bytes.slice(this.start, at);
          // The delimiter's CRLF belongs to it: what follows starts with --boundary.
          this.start = at + 2;
          this.state = 'delimiter';
          this.onPart(body.buffer);
          break;
        }
        case 'done':
          return;
      }
    }
  }
}

/** A byte-stream reader of `body`, or null where the browser does not offer one. */
function byobReader(body: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return body.getReader({ mode: 'byob' });
  } catch {
    return null;
  }
}

/**
 * Reads a whole multipart body, handing each part to `onPart` as it completes. Where the stream
 * is a byte stream, each sized part's bytes are read straight into that part's own buffer, with
 * no copy from the network's chunks (only its delimiter and headers pass through `pending`).
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  onPart: (body: ArrayBuffer) => void,
): Promise<void> {
  const reader = new MultipartReader(boundary, onPart);
  const byob = byobReader(body);
  if (byob) {
    let scratch = new ArrayBuffer(HEADER_READ_BYTES);
    for (;;) {
      const target = reader.bodyRemainder();
      const { done, value } = await byob.read(target ?? new Uint8Array(scratch));
      if (done || !value) break;
      if (target) {
        reader.bodyFilled(value);
      } else {
        reader.push(value);
        scratch = value.buffer as ArrayBuffer;
      }
    }
  } else {
    const stream = body.getReader();
    for (;;) {
      const { done, value } = await stream.read();
      if (done) break;
      reader.push(value);
    }
  }
  reader.finish();
}
