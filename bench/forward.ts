/**
 * The product's forward, end to end (issue 15, "Speed": forward_ratio): what a user's forward
 * costs, from `POST /forward/create` to the forward listed as finished by `GET /forward/all` with
 * every instance acknowledged by the destination, through the adapter's routes as the list calls
 * them. bench/dicom.ts sets it against storescu sending the same files straight to a storescp in
 * the same round.
 */
import type { ForwardJob, SendDestination } from '@pacs/common';
import type { Stack } from '../test/harness/stack.ts';

const API = '/viewer/api';
/** How often the bench reads the list (the client polls every second; finer here so the figure is not rounded up to it). */
const POLL_MS = 25;

export interface Session {
  cookie: string;
  csrf: string;
}

export async function signInForForward(stack: Stack): Promise<Session> {
  const response = await fetch(`${stack.baseUrl}${API}/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: stack.adminId, Password: stack.adminPassword }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  const account = (await response.json()) as { CsrfToken: string };
  return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: account.CsrfToken };
}

async function call<T>(stack: Stack, session: Session, method: string, path: string, form?: Record<string, string>): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${API}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrf,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Seconds the product takes to forward the study to a destination listening on `port` with
 * `calledAet`: the destination is registered as an administrator would, the forward asked for, and
 * the list read until the forward has finished. Throws unless every instance arrived.
 */
export async function productForwardSeconds(
  stack: Stack,
  session: Session,
  studyInstanceUid: string,
  destination: { port: number; calledAet: string },
): Promise<number> {
  const created = await call<SendDestination>(stack, session, 'POST', '/sendsettings/create', {
    Name: `bench-${destination.port}`,
    IPAddress: '127.0.0.1',
    Port: String(destination.port),
    CalledAETitle: destination.calledAet,
    CallingAETitle: 'PACS',
  });
  try {
    const started = performance.now();
    const [job] = await call<ForwardJob[]>(stack, session, 'POST', '/forward/create', {
      Destination: String(created.No),
      Items: JSON.stringify([{ StudyInstanceUID: studyInstanceUid }]),
    });
    if (!job) throw new Error('the forward created no job');
    for (;;) {
      const listed = (await call<ForwardJob[]>(stack, session, 'GET', '/forward/all')).find((item) => item.Id === job.Id);
      if (listed?.FinishedAt) {
        const seconds = (performance.now() - started) / 1000;
        if (listed.State !== 'success') throw new Error(`the forward ended ${listed.State}: ${listed.Error}`);
        return seconds;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    await call(stack, session, 'DELETE', `/sendsettings/delete?no=${created.No}`);
  }
}
