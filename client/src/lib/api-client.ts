/**
 * The one fetch wrapper for `/viewer/api`. Every request carries `X-Requested-With` and the chosen
 * language; state-changing requests carry the session's CSRF token. A `csrf_failed` answer means
 * the session token went stale: the token is fetched again and the request retried once.
 */
import { API_BASE } from '@pacs/common';
import { ApiError } from './api-error.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type FormFields = Record<string, string | number | boolean | undefined>;
/** A list value repeats its key (`id=a&id=b`). */
export type QueryParams = Record<string, string | number | readonly (string | number)[] | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  /** Sent as application/x-www-form-urlencoded. */
  form?: FormFields;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data (files); the browser sets the boundary. */
  multipart?: FormData;
  /** How to read a 200 answer; JSON by default. */
  responseType?: 'json' | 'text';
  signal?: AbortSignal;
}

export interface ApiClientHooks {
  language: () => string;
  csrfToken: () => string | null;
  /** Re-reads the session and returns its fresh token, or null when signed out. */
  refreshCsrfToken: () => Promise<string | null>;
}

let hooks: ApiClientHooks = {
  language: () => 'en',
  csrfToken: () => null,
  refreshCsrfToken: () => Promise.resolve(null),
};

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const entry of value as readonly (string | number)[]) params.append(key, String(entry));
    else if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ''}`;
}

export function toFormBody(form: FormFields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (value !== undefined) body.set(key, String(value));
  return body;
}

function buildInit(method: Method, options: RequestOptions, csrfToken: string | null): RequestInit {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': hooks.language(),
    Accept: options.responseType === 'text' ? 'text/plain, */*' : 'application/json',
  };
  if (method !== 'GET' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    body = toFormBody(options.form);
  } else if (options.multipart) {
    body = options.multipart;
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (body !== undefined) init.body = body;
  if (options.signal) init.signal = options.signal;
  return init;
}

async function send(method: Method, path: string, options: RequestOptions, csrfToken: string | null): Promise<Response> {
  try {
    return await fetch(buildUrl(path, options.query), buildInit(method, options, csrfToken));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw ApiError.network(cause);
  }
}

async function readBody<T>(response: Response, responseType: 'json' | 'text'): Promise<T> {
  if (responseType === 'text') return (await response.text()) as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** Performs one API call; resolves with the 200 body, rejects with an {@link ApiError}. */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  let response = await send(method, path, options, hooks.csrfToken());
  if (!response.ok) {
    let error = await ApiError.fromResponse(response);
    if (error.code === 'csrf_failed') {
      const fresh = await hooks.refreshCsrfToken().catch(() => null);
      if (fresh) {
        response = await send(method, path, options, fresh);
        if (!response.ok) error = await ApiError.fromResponse(response);
      }
    }
    if (!response.ok) throw error;
  }
  return readBody<T>(response, options.responseType ?? 'json');
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
