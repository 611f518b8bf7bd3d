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

  /** One page of the change log after `since` (Orthanc answers at most `limit`, up to 4096). */
  getChanges(since: number, limit: number, options?: RequestOptions): Promise<OrthancChanges> {
    return this.json<OrthancChanges>(`/changes?since=${since}&limit=${limit}`, options);
  }

  /** The sequence number of the newest change (where a rebuilt index starts following). */
  async getLastChange(options?: RequestOptions): Promise<number> {
    return (await this.json<OrthancChanges>('/changes?last', options)).Last;
  }

  getInstance(id: string, options?: RequestOptions): Promise<OrthancInstance> {
    return this.json<OrthancInstance>(`/instances/${encodeURIComponent(id)}`, options);
  }

  getSeries(id: string, options?: RequestOptions): Promise<OrthancSeries> {
    return this.json<OrthancSeries>(`/series/${encodeURIComponent(id)}`, options);
  }

  getStudy(id: string, options?: RequestOptions): Promise<OrthancStudy> {
    return this.json<OrthancStudy>(`/studies/${encodeURIComponent(id)}`, options);
  }

  listStudies(options?: RequestOptions): Promise<string[]> {
    return this.json<string[]>('/studies', options);
  }

  /** Every instance of a series with its main tags and file size, in one request. */
  listSeriesInstances(id: string, options?: RequestOptions): Promise<OrthancInstance[]> {
    return this.json<OrthancInstance[]>(`/series/${encodeURIComponent(id)}/instances`, options);
  }

  /** All tags of one instance, `simplify`d: tag names to strings (decoded by Orthanc). */
  getInstanceTags(id: string, options?: RequestOptions): Promise<Record<string, unknown>> {
    return this.json<Record<string, unknown>>(`/instances/${encodeURIComponent(id)}/tags?simplify`, options);
  }

  /** The raw bytes of one element's value (for decoding character sets Orthanc gets wrong). */
  async getRawTagValue(id: string, tag: string, options?: RequestOptions): Promise<Uint8Array | undefined> {
    const response = await this.request(`/instances/${encodeURIComponent(id)}/content/${tag}`, options);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`Orthanc raw ${tag} of ${id} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** One metadata value of an instance (RemoteAET, TransferSyntax …), or '' when absent. */
  async getInstanceMetadata(id: string, name: string, options?: RequestOptions): Promise<string> {
    const response = await this.request(`/instances/${encodeURIComponent(id)}/metadata/${name}`, options);
    if (response.status === 404) return '';
    if (!response.ok) throw new Error(`Orthanc metadata ${name} of ${id} answered ${response.status}`);
    return response.text();
  }
}

export interface OrthancChange {
  ChangeType: string;
  Date: string;
  ID: string;
  Path: string;
  ResourceType: 'Patient' | 'Study' | 'Series' | 'Instance';
  Seq: number;
}

export interface OrthancChanges {
  Changes: OrthancChange[];
  Done: boolean;
  Last: number;
}

export type MainDicomTags = Record<string, string | undefined>;

export interface OrthancInstance {
  ID: string;
  FileSize: number;
  IndexInSeries?: number;
  MainDicomTags: MainDicomTags;
  ParentSeries: string;
}

export interface OrthancSeries {
  ID: string;
  MainDicomTags: MainDicomTags;
  ParentStudy: string;
  Instances: string[];
}

export interface OrthancStudy {
  ID: string;
  MainDicomTags: MainDicomTags;
  PatientMainDicomTags: MainDicomTags;
  ParentPatient: string;
  Series: string[];
}
