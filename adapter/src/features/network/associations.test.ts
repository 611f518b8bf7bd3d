import { createServer, connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openAssociations, parseTcpTable } from './associations.ts';

const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000:1092 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1 0 100 0 0 10 0
   1: 0100007F:1092 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 2 1 0 20 4 30 10 -1
   2: 0100007F:0050 0100007F:D432 01 00000000:00000000 00:00000000 00000000     0        0 3 1 0 20 4 30 10 -1
   3: 0100007F:1092 1500A8C0:0068 06 00000000:00000000 00:00000000 00000000     0        0 4 1 0 20 4 30 10 -1`;

describe('open associations', () => {
  it('reads the established connections to the DICOM port only', () => {
    expect(parseTcpTable(TABLE, 4242)).toEqual([{ RemoteAddress: '127.0.0.1', RemotePort: 54321 }]);
  });

  it('reads IPv4 callers from the IPv6 table', () => {
    const table = `header\n   0: 0000000000000000FFFF00000100007F:1092 0000000000000000FFFF00001500A8C0:ABCD 01 0 0 0 0 0 0`;
    expect(parseTcpTable(table, 4242)).toEqual([{ RemoteAddress: '192.168.0.21', RemotePort: 0xabcd }]);
  });

  it('sees a real connection on this machine', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    try {
      const found = await openAssociations(port);
      expect(found).toEqual([{ RemoteAddress: '127.0.0.1', RemotePort: socket.localPort }]);
    } finally {
      socket.destroy();
      server.close();
    }
  });
});
