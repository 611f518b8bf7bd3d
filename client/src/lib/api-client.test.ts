import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, configureApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

type FetchArgs = [input: string, init: RequestInit];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    configureApiClient({ language: () => 'ja', csrfToken: () => 'token-1', refreshCsrfToken: () => Promise.resolve('token-2') });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const headersOf = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1].headers);

  it('sends the language and X-Requested-With on every call, no CSRF token on GET', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(api.get('/state', { query: { key: 'a b' } })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/viewer/api/state?key=a+b');
    expect(fetchMock.mock.calls[0]?.[1].credentials).toBe('same-origin');
    expect(headersOf(0).get('Accept-Language')).toBe('ja');
    expect(headersOf(0).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headersOf(0).has('X-CSRF-Token')).toBe(false);
  });

  it('repeats the key of a list value in the query', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.delete('/trashbox/delete', { query: { id: ['study-1', 'series-2'] } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/viewer/api/trashbox/delete?id=study-1&id=series-2');
  });

  it('sends forms url-encoded with the CSRF token', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.patch('/authconfig/update', { form: { Threshold: 3, LockTime: 60, Skip: undefined } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(headersOf(0).get('X-CSRF-Token')).toBe('token-1');
    expect(headersOf(0).get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(String(init?.body)).toBe('Threshold=3&LockTime=60');
  });

  it('reads text answers', async () => {
    fetchMock.mockResolvedValue(new Response('2026-01-01T00:00:00Z', { status: 200 }));
    await expect(api.get('/server/heartbeat', { responseType: 'text' })).resolves.toBe('2026-01-01T00:00:00Z');
  });

  it('rejects with the error body', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 400, code: 'validation_failed', message: 'bad', fields: { Threshold: 'bad' } }),
    );
    const error = await api.patch('/authconfig/update', { form: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', fields: { Threshold: 'bad' } });
  });

  it('refreshes the CSRF token once and retries after csrf_failed', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(403, { status: 403, code: 'csrf_failed', message: 'stale' }))
      .mockResolvedValueOnce(jsonResponse(200, { saved: true }));
    await expect(api.put('/configs/replace', { form: { key: 'country', value: '"jp"' } })).resolves.toEqual({ saved: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(headersOf(1).get('X-CSRF-Token')).toBe('token-2');
  });

  it('turns a failed fetch into a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/state')).rejects.toMatchObject({ isNetworkError: true, message: 'Network connection failed' });
  });
});
