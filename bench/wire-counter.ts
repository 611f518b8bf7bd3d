/**
 * A TCP relay in front of the adapter that counts every byte the browser and the adapter send
 * each other (HTTP headers and bodies as on the wire, compressed where the server compressed),
 * with the moment each chunk passed. The WAN part's byte figures come from here: the browser's
 * own request events missed requests made by the viewer's workers (the series download), so
 * `wan_mb_series` counted the page's requests and not the series itself.
 */
import { createServer, connect, type Socket } from 'node:net';

export interface WireCounter {
  /** The relay's base URL (same host as the adapter, so the session cookie applies). */
  baseUrl: string;
  /** Bytes that passed either way up to `epochMs` (Date.now() time), or all of them. */
  bytesUntil(epochMs?: number): number;
  close(): Promise<void>;
}

export async function startWireCounter(target: string): Promise<WireCounter> {
  const { hostname, port } = new URL(target);
  const chunks: { at: number; bytes: number }[] = [];
  const sockets = new Set<Socket>();
  const count = (bytes: number) => chunks.push({ at: Date.now(), bytes });
  const server = createServer((browserSide) => {
    const adapterSide = connect(Number(port), hostname);
    for (const socket of [browserSide, adapterSide]) {
      sockets.add(socket);
      socket.on('data', (chunk: Buffer) => count(chunk.length));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        browserSide.destroy();
        adapterSide.destroy();
      });
    }
    browserSide.pipe(adapterSide);
    adapterSide.pipe(browserSide);
  });
  await new Promise<void>((resolve) => server.listen(0, hostname, resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the wire counter has no port');
  return {
    baseUrl: `http://${hostname}:${address.port}`,
    bytesUntil: (epochMs = Infinity) => chunks.filter((chunk) => chunk.at <= epochMs).reduce((sum, chunk) => sum + chunk.bytes, 0),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
