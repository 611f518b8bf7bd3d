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

export const orthancAgent = new OrthancAgent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 32 });
