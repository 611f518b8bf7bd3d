/**
 * Requests Node's HTTP parser refuses before Express sees them — an address or headers over its
 * 16 KB limit, a malformed request line — are answered with the error catalogue's body like every
 * other refusal (431 for the size, 400 otherwise), not Node's bare status line. A connection that
 * is already gone, or whose answer has started, is just closed.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERRORS } from '@pacs/common';

export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // Node keeps the answer in progress on the socket: once one has started, no second can be written.
  const started = (socket as Duplex & { _httpMessage?: unknown })._httpMessage != null;
  if (error.code === 'ECONNRESET' || !socket.writable || started) {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ code: 'bad_request', message: ERRORS.bad_request.message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}
