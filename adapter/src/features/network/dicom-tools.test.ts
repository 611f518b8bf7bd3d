/** How an echo's and a ping's outputs are read (the tools themselves run in test/api/network.test.ts). */
import { describe, expect, it } from 'vitest';
import { echoOutcome, pingReplies } from './dicom-tools.ts';

describe('echo outcome', () => {
  it('reads success, a failed connection, a rejected association and a failed echo apart', () => {
    expect(echoOutcome({ code: 0, output: '', missing: false })).toEqual({ TcpResult: true, Status: '0000', Message: 'Success' });
    expect(
      echoOutcome({
        code: 1,
        output: 'F: Association Request Failed: 0006:031c TCP Initialization Error: Connection refused',
        missing: false,
      }),
    ).toMatchObject({ TcpResult: false, Message: 'Failed to connect' });
    expect(
      echoOutcome({ code: 1, output: 'F: Association Rejected:\nF: Result: Rejected Permanent, Source: Service User', missing: false }),
    ).toMatchObject({
      TcpResult: true,
      Status: 'Failure',
    });
    expect(echoOutcome({ code: 1, output: 'E: Echo Failed: 0006:0317 Peer aborted Association', missing: false })).toMatchObject({
      TcpResult: true,
      Message: 'DICOM Echo failed',
    });
    // Killed at the time limit: nothing answered in time.
    expect(echoOutcome({ code: null, output: '', missing: false })).toMatchObject({ TcpResult: false, Message: 'Failed to connect' });
  });

  it('says so when dcmtk is missing instead of blaming the node', () => {
    expect(() => echoOutcome({ code: null, output: 'spawn echoscu ENOENT', missing: true })).toThrow(/echoscu/);
  });
});

describe('ping replies', () => {
  it('reads round trips and fills missing replies as timed out', () => {
    const output = [
      'PING 10.0.0.5 (10.0.0.5) 56(84) bytes of data.',
      '64 bytes from 10.0.0.5: icmp_seq=1 ttl=64 time=0.357 ms',
      '64 bytes from 10.0.0.5: icmp_seq=3 ttl=64 time=12.5 ms',
    ].join('\n');
    expect(pingReplies(output, '10.0.0.5', 3)).toEqual([
      { Status: 'Success', Address: '10.0.0.5', RoundtripTime: 0.357 },
      { Status: 'Success', Address: '10.0.0.5', RoundtripTime: 12.5 },
      { Status: 'TimedOut', Address: '10.0.0.5', RoundtripTime: null },
    ]);
  });

  it('tells an unreachable host from a silent one', () => {
    const output = 'PING 10.0.0.9 (10.0.0.9) 56(84) bytes of data.\nFrom 10.0.0.1 icmp_seq=1 Destination Host Unreachable';
    expect(pingReplies(output, '10.0.0.9', 2).map((reply) => reply.Status)).toEqual(['Unreachable', 'Unreachable']);
  });
});
