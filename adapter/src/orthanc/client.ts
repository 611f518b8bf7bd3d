/**
 * The one Orthanc client. Verb-noun functions over Orthanc's REST API; every call is abortable
 * and has a time limit. Node's fetch keeps connections alive, so calls reuse sockets. When
 * Orthanc does not answer, calls throw OrthancUnavailableError (503 to the browser).
 */
import { AppError, OrthancUnavailableError } from '../http/errors.ts';

export interface OrthancSystem {
  Version: string;
  DicomAet: string;
  DicomPort: number;
  ApiVersion: number;
  PluginsEnabled: boolean;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export class OrthancClient {
  private readonly authorization: string;

  constructor(
    readonly url: string,
    user: string,
    password: string,
  ) {
    this.authorization = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
  }

  /** Low-level request; answers the Response for any HTTP status, throws only when unreachable. */
  async request(path: string, init: RequestInit & RequestOptions = {}): Promise<Response> {
    const { timeoutMs = 10_000, signal, ...rest } = init;
    const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
    try {
      return await fetch(`${this.url}${path}`, {
        ...rest,
        headers: { authorization: this.authorization, ...(rest.headers as Record<string, string> | undefined) },
        signal: AbortSignal.any(signals),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new OrthancUnavailableError(error);
    }
  }

  private async json<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.request(path, options);
    if (response.status === 404) throw new AppError('not_found');
    if (!response.ok) throw new Error(`Orthanc ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  getSystem(options?: RequestOptions): Promise<OrthancSystem> {
    return this.json<OrthancSystem>('/system', options);
  }
}
