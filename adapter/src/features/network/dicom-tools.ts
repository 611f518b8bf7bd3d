/**
 * Testing a DICOM node from the server (spec 3 §3 "DICOM echo", "Ping"): C-ECHO with dcmtk's
 * echoscu, and ping with the system's ping, or TCP connections where ICMP is not permitted.
 * Both run from the archive's machine, which is what matters: it is the archive that must reach
 * the node, not the administrator's browser.
 */
import { connect } from 'node:net';
import { ECHO_MESSAGES, PING_COUNT, type EchoRequest, type EchoResult, type PingReply, type PingResult } from '@pacs/common';
import { runProgram, type ProgramRun } from '../../run-program.ts';

/** Seconds for each of connecting, associating and the echo itself. */
const ECHO_TIMEOUT_S = 5;

/** Tells an echo's failures apart from echoscu's report (DCMTK 3.6: "Association Rejected", "TCP Initialization Error"). */
export function echoOutcome(result: ProgramRun): EchoResult {
  if (result.code === 0) return { TcpResult: true, Status: '0000', Message: ECHO_MESSAGES.success };
  if (result.missing) throw new Error('echoscu (dcmtk) is not installed');
  const text = result.output;
  if (
    /TCP Initialization Error|Connection refused|Connection timed out|No route to host|Host is unreachable|connect\(\)/i.test(text) ||
    result.code === null
  ) {
    return { TcpResult: false, Status: 'Failure', Message: ECHO_MESSAGES.connect_failed };
  }
  if (/Association Rejected/i.test(text)) return { TcpResult: true, Status: 'Failure', Message: ECHO_MESSAGES.rejected };
  return { TcpResult: true, Status: 'Failure', Message: ECHO_MESSAGES.echo_failed };
}

export async function dicomEcho(request: EchoRequest): Promise<EchoResult> {
  const t = String(ECHO_TIMEOUT_S);
  const result = await runProgram(
    'echoscu',
    ['-aet', request.CallingAETitle, '-aec', request.CalledAETitle, '-to', t, '-ta', t, '-td', t, request.IPAddress, String(request.Port)],
    // dcmtk in Debian 12 waits on Nagle's algorithm without it.
    { timeoutMs: (ECHO_TIMEOUT_S * 3 + 2) * 1000, env: { TCP_NODELAY: '1' } },
  );
  return echoOutcome(result);
}

/** Replies from iputils' ping output ("64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.045 ms"). */
export function pingReplies(output: string, address: string, count: number): PingReply[] {
  const replies: PingReply[] = [];
  for (const match of output.matchAll(/icmp_seq=(\d+).*?time=([\d.]+) ms/g)) {
    replies.push({ Status: 'Success', Address: address, RoundtripTime: Math.round(Number(match[2]) * 1000) / 1000 });
  }
  const unreachable = /Destination Host Unreachable|Network is unreachable/i.test(output);
  while (replies.length < count) replies.push({ Status: unreachable ? 'Unreachable' : 'TimedOut', Address: address, RoundtripTime: null });
  return replies.slice(0, count);
}

/** One TCP connection attempt: an answer of any kind (accepted or refused) is a reply. */
function tcpProbe(address: string, port: number, timeoutMs: number): Promise<PingReply> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host: address, port, timeout: timeoutMs });
    const done = (reply: PingReply) => {
      socket.destroy();
      resolve(reply);
    };
    const answered = () =>
      done({ Status: 'Success', Address: address, RoundtripTime: Math.round((performance.now() - started) * 1000) / 1000 });
    socket.once('connect', answered);
    socket.once('timeout', () => done({ Status: 'TimedOut', Address: address, RoundtripTime: null }));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') answered();
      else done({ Status: error.code === 'ETIMEDOUT' ? 'TimedOut' : 'Unreachable', Address: address, RoundtripTime: null });
    });
  });
}

/** The port a TCP ping knocks on: DICOM's well-known port answers (or refuses) on most hosts. */
const TCP_PING_PORT = 104;

export async function ping(address: string, count = PING_COUNT): Promise<PingResult> {
  const result = await runProgram('ping', ['-n', '-c', String(count), '-i', '0.2', '-W', '1', address], { timeoutMs: (count + 2) * 1000 });
  // ping exits 0 with replies, 1 without; anything else (not installed, no permission for ICMP
  // sockets) means ICMP is not available here: fall back to TCP.
  if (!result.missing && (result.code === 0 || result.code === 1) && /PING /.test(result.output)) {
    return { IPAddress: address, Method: 'icmp', Replies: pingReplies(result.output, address, count) };
  }
  const replies: PingReply[] = [];
  for (let i = 0; i < count; i++) replies.push(await tcpProbe(address, TCP_PING_PORT, 1000));
  return { IPAddress: address, Method: 'tcp', Replies: replies };
}
