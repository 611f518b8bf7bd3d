/**
 * The HTTP agent for every connection to Orthanc. Orthanc 1.10 answers `Keep-Alive: timeout=1`;
 * Node's agent keeps a one-second safety margin under the server's hint, which leaves nothing, so
 * by default every request to Orthanc opened a new TCP connection (and cost Orthanc a thread
 * hand-over). This agent keeps idle sockets for half a second instead: well inside Orthanc's one
 * second, so a reused socket is never one Orthanc is closing.
 */
import http from 'node:http';
import type { Socket } from 'node:net';

export const ORTHANC_IDLE_SOCKET_MS = 500;

class OrthancAgent extends http.Agent {
  override keepSocketAlive(socket: Socket): boolean {
    socket.setKeepAlive(true, 1000);
    socket.unref();
    // A free socket that stays idle this long is destroyed by the agent.
    socket.setTimeout(ORTHANC_IDLE_SOCKET_MS);
    return true;
  }
}

/**
 * Orthanc serves HTTP with a fixed pool of threads (HttpThreadsCount, 50 in orthanc.jsonc), and an
 * open connection holds one. The adapter's connections are split in three pools whose sum stays
 * under that count, so that browsers (through the proxy) can never take every thread: a flood of
 * DICOMweb requests once held all 50 and stalled the index follower for minutes.
 * - proxy: browser-driven DICOMweb streams;
 * - requests: the adapter's own calls made for a request (imports, lookups, series files);
 * - follower: the /changes follower, which keeps the study index current for everyone.
 */
/**
 * The pause before the one second try of a read that found no Orthanc (client.ts, proxy.ts): in a
 * cluster the balancer gives that try to a live node.
 */
export const ORTHANC_RETRY_MS = 150;

export const ORTHANC_CONNECTIONS = { proxy: 28, requests: 14, follower: 6 } as const;

const pool = (maxSockets: number) => new OrthancAgent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
export const proxyAgent = pool(ORTHANC_CONNECTIONS.proxy);
export const orthancAgent = pool(ORTHANC_CONNECTIONS.requests);
export const followerAgent = pool(ORTHANC_CONNECTIONS.follower);
