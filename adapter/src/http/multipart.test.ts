/**
 * The multipart reader against real sockets: whatever a client sends (a cut body, a closed
 * connection, too much), the promise settles with the catalogue's error and the process lives.
 */
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, toErrorBody } from './errors.ts';
import { readMultipart, readPartBuffer, type MultipartLimits } from './multipart.ts';

const BOUNDARY = 'test-boundary-1234';
const LIMITS: MultipartLimits = { fileBytes: 1000, requestBytes: 10_000, files: 3, fields: 3 };

interface Outcome {
  fields?: Record<string, string>;
  files?: { field: string; filename: string; text: string; truncated: boolean }[];
  error?: { status: number; code: string };
}

let server: Server;
let port: number;
/** What the last request's reader settled with. */
let settled: Promise<Outcome>;
/** Requests the route has begun to read. */
let started = 0;

beforeAll(async () => {
  const app = express();
  app.post('/upload', (req: Request, res: Response, next: NextFunction) => {
    const files: NonNullable<Outcome['files']> = [];
    const fail = req.query.fail === '1';
    const outcome: Promise<Outcome> = readMultipart(req, LIMITS, async (part) => {
      const data = await readPartBuffer(part);
      if (fail) throw new AppError('payload_too_large');
      files.push({ field: part.field, filename: part.filename, text: data.toString(), truncated: part.truncated });
    }).then(
      (fields) => ({ fields: { ...fields }, files }),
      (error: unknown) => ({ error: toErrorBody(error) }),
    );
    settled = outcome;
    started++;
    outcome.then((result) => res.status(result.error?.status ?? 200).json(result), next);
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function part(name: string, value: string, filename?: string): string {
  const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
  return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n'}\r\n${value}\r\n`;
}
const end = `--${BOUNDARY}--\r\n`;

/**
 * Sends `body` over a raw socket and answers the status line the server sent; the server closes
 * the connection after answering (no half-close here: Node takes it for an abort).
 */
function send(body: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

describe('readMultipart', () => {
  it('hands file parts over in order and answers the fields, without a prototype', async () => {
    const status = await send(
      part('uid', '1.2.3') + part('files', 'first', 'a/b.dcm') + part('__proto__', 'x') + part('files', 'second', 'c.dcm') + end,
    );
    expect(status).toBe('HTTP/1.1 200 OK');
    const outcome = await settled;
    expect(outcome.files).toEqual([
      { field: 'files', filename: 'a/b.dcm', text: 'first', truncated: false },
      { field: 'files', filename: 'c.dcm', text: 'second', truncated: false },
    ]);
    expect(outcome.fields).toEqual({ uid: '1.2.3', ['__proto__']: 'x' });
  });

  it('answers 400 for a body that ends inside a file part, and the next request still works', async () => {
    const cut = `${part('uid', '1')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="x.dcm"\r\n\r\nsome bytes of the file`;
    expect(await send(cut)).toBe('HTTP/1.1 400 Bad Request');
    expect(await settled).toEqual({ error: expect.objectContaining({ status: 400, code: 'bad_request' }) });
    expect(await send(part('files', 'ok', 'ok.dcm') + end)).toBe('HTTP/1.1 200 OK');
  });

  it('settles with 400 when the connection closes before the declared body has arrived', async () => {
    const before = started;
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 100000\r\n\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="x.dcm"\r\n\r\nsome bytes`,
    );
    for (let i = 0; i < 200 && started === before; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(before + 1);
    socket.destroy();
    expect(await settled).toEqual({ error: expect.objectContaining({ status: 400, code: 'bad_request' }) });
  });

  it('marks a file part longer than the per-file cap as truncated, and keeps reading the others', async () => {
    expect(await send(part('files', 'x'.repeat(1500), 'big.dcm') + part('files', 'small', 'small.dcm') + end)).toBe('HTTP/1.1 200 OK');
    const outcome = await settled;
    expect(outcome.files?.map((file) => [file.filename, file.text.length, file.truncated])).toEqual([
      ['big.dcm', 1000, true],
      ['small.dcm', 5, false],
    ]);
  });

  it('answers 413 past the request cap, 400 past the count limits or for a malformed header', async () => {
    const many = Array.from({ length: 12 }, (_, index) => part('files', 'y'.repeat(900), `${index}.dcm`)).join('');
    expect(await send(many + end)).toBe('HTTP/1.1 413 Payload Too Large');
    expect(await send(['1', '2', '3', '4'].map((name) => part('files', name, `${name}.dcm`)).join('') + end)).toBe(
      'HTTP/1.1 400 Bad Request',
    );
    expect(await send(`--${BOUNDARY}\r\nno colon here\r\n\r\nvalue\r\n${end}`)).toBe('HTTP/1.1 400 Bad Request');
  });

  it("stops with the handler's own error", async () => {
    const outcome = new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
      const body = part('files', 'a', 'a.dcm') + part('files', 'b', 'b.dcm') + end;
      socket.write(
        `POST /upload?fail=1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      );
    });
    expect(await outcome).toBe('HTTP/1.1 413 Payload Too Large');
  });
});
