import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@pacs/common';
import { answerClientError } from './client-error.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests the HTTP parser refuses', () => {
  it('answers an address over the header limit 431 with the catalogue body', async () => {
    const answer = await get(`/x?${'a='.padEnd(40_000, 'x')}`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual({ code: 'bad_request', message: ERRORS.bad_request.message });
  });

  it('leaves ordinary requests alone', async () => {
    await expect(get('/x?a=1')).resolves.toEqual({ status: 200, body: 'ok' });
  });
});
