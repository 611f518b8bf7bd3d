import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrthancUnavailableError } from '../http/errors.ts';
import { OrthancClient } from './client.ts';
import { streamFromOrthanc } from './proxy.ts';
import { ReadNodes } from './read-nodes.ts';

describe('ReadNodes', () => {
  it('takes the nodes in turn, never the one that just failed, and passes over a failed one for a while', () => {
    let now = 0;
    const nodes = new ReadNodes(['a', 'b', 'c'], 5_000, () => now);
    expect([nodes.pick(), nodes.pick(), nodes.pick(), nodes.pick()]).toEqual(['a', 'b', 'c', 'a']);
    nodes.failed('b');
    for (let i = 0; i < 6; i++) expect(nodes.pick()).not.toBe('b');
    for (let i = 0; i < 6; i++) expect(nodes.pick('a')).toBe('c');
    now = 5_000;
    expect(new Set(Array.from({ length: 6 }, () => nodes.pick()))).toEqual(new Set(['a', 'b', 'c']));
  });

  it('tries the failed node again rather than one already known dead', () => {
    const nodes = new ReadNodes(['a', 'b']);
    nodes.failed('b');
    nodes.failed('a');
    expect(nodes.pick('a')).toBe('a');
  });
});

/** One live Orthanc stand-in counting what reaches it, and the URL of a port nothing listens on. */
let live: http.Server;
let liveUrl = '';
let deadUrl = '';
const seen: string[] = [];

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  live = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: req.url }));
  });
  liveUrl = await listen(live);
  const gone = http.createServer();
  deadUrl = await listen(gone);
  await new Promise((resolve) => gone.close(resolve));
});

afterAll(() => new Promise((resolve) => live.close(resolve)));

describe('reads of a cluster whose node died', () => {
  it('retries a GET and a reading POST on the live node, and sends the next reads there', async () => {
    const nodes = new ReadNodes([deadUrl, liveUrl]);
    const client = new OrthancClient(deadUrl, 'u', 'p', undefined, nodes);
    seen.length = 0;
    expect((await client.request('/system')).status).toBe(200);
    await expect(client.lookup('1.2.3')).resolves.toEqual({ ok: '/tools/lookup' });
    expect(nodes.pick()).toBe(liveUrl);
    expect(seen).toEqual(['GET /system', 'POST /tools/lookup']);
  });

  it('reads a JSON answer again, from the live node, when a node dies in the middle of it', async () => {
    const broken = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"half":');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const brokenUrl = await listen(broken);
    try {
      const nodes = new ReadNodes([brokenUrl, liveUrl]);
      const client = new OrthancClient(brokenUrl, 'u', 'p', undefined, nodes);
      await expect(client.getStatistics()).resolves.toEqual({ ok: '/statistics' });
      expect(nodes.pick()).toBe(liveUrl);
      expect(nodes.pick()).toBe(liveUrl);
    } finally {
      await new Promise((resolve) => broken.close(resolve));
    }
  });

  it('never retries a write: the balancer (the client’s url) got it, and its failure is the caller’s', async () => {
    const client = new OrthancClient(deadUrl, 'u', 'p', undefined, new ReadNodes([liveUrl, deadUrl]));
    seen.length = 0;
    await expect(client.storeInstance(Buffer.from('x'))).rejects.toBeInstanceOf(OrthancUnavailableError);
    expect(seen).toEqual([]);
  });

  it('streams a proxied read from the live node when the first pick is dead', async () => {
    const nodes = new ReadNodes([deadUrl, liveUrl]);
    const app = express();
    app.get('/frame', async (req, res) => {
      await streamFromOrthanc(req, res, { baseUrl: deadUrl, authorization: 'x', nodes }, '/instances/1/frames/0/raw');
    });
    const server = http.createServer(app);
    const url = await listen(server);
    try {
      const answer = await fetch(`${url}/frame`);
      expect(answer.status).toBe(200);
      await expect(answer.json()).resolves.toEqual({ ok: '/instances/1/frames/0/raw' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
