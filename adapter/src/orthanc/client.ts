/**
 * The one Orthanc client. Verb-noun functions over Orthanc's REST API; every call is abortable
 * and has a time limit, and reuses keep-alive sockets (see agent.ts). When
 * Orthanc does not answer, calls throw OrthancUnavailableError (503 to the browser).
 */
import type { ProxyTarget } from './proxy.ts';
import http from 'node:http';
import { Readable } from 'node:stream';
import { AppError, OrthancUnavailableError } from '../http/errors.ts';
import { ORTHANC_RETRY_MS, orthancAgent, proxyAgent } from './agent.ts';
import type { ReadNodes } from './read-nodes.ts';

export interface OrthancSystem {
  Name: string;
  Version: string;
  DicomAet: string;
  DicomPort: number;
  ApiVersion: number;
  PluginsEnabled: boolean;
}

/** `GET /statistics`; Orthanc 1.10 writes the sizes as strings of bytes. */
export interface OrthancStatistics {
  CountStudies: number;
  CountSeries: number;
  CountInstances: number;
  TotalDiskSize: string;
  TotalUncompressedSize: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface OrthancRequestInit extends RequestOptions {
  method?: string;
  body?: Buffer;
  /** A streamed body of known length (instead of `body`): large files are never held whole. */
  upload?: { stream: Readable; length: number };
  headers?: Record<string, string>;
  /** A POST that only reads (POST /tools/lookup, /tools/bulk-content): retried like a GET. */
  idempotent?: boolean;
}

/** A job as GET /jobs/{id} answers it (the fields we read). */
export interface OrthancJob {
  ID: string;
  State: 'Pending' | 'Running' | 'Success' | 'Failure' | 'Paused' | 'Retry';
  Progress: number;
  ErrorCode?: number;
  ErrorDescription?: string;
  /** Orthanc ≥ 1.9: what the error was about (e.g. the destination's DIMSE status). */
  ErrorDetails?: string;
  Content?: Record<string, unknown>;
}

/** A DICOM peer as Orthanc keeps it (PUT /modalities/{name}). */
export interface OrthancModality {
  AET: string;
  Host: string;
  Port: number;
  AllowEcho: boolean;
  AllowFind: boolean;
  AllowFindWorklist: boolean;
  AllowGet: boolean;
  AllowMove: boolean;
  AllowStore: boolean;
  AllowStorageCommitment: boolean;
}

/** One answer of /tools/lookup: a resource whose identifier is the looked-up value. */
export interface OrthancLookup {
  ID: string;
  Path: string;
  Type: 'Patient' | 'Study' | 'Series' | 'Instance';
}

/** An answer whose connection broke while its body was read (Node's "aborted", ECONNRESET). */
function brokenBody(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : '';
  return code === 'ECONNRESET' || /^(aborted|terminated)$/.test(message);
}

/** A read: GET, HEAD or a POST that only reads, nothing streamed up. Never a write. */
function isRead(init: OrthancRequestInit): boolean {
  const method = init.method ?? 'GET';
  return (method === 'GET' || method === 'HEAD' || (method === 'POST' && init.idempotent === true)) && !init.upload;
}

/**
 * A read that failed because no Orthanc answered at the connection level (refused, reset, hung
 * up, a balancer's 502/504), not aborted; not a time-out (a second wait would double it).
 */
function retriable(error: unknown, init: OrthancRequestInit): boolean {
  if (!isRead(init) || init.signal?.aborted) return false;
  if (!(error instanceof OrthancUnavailableError)) return false;
  const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
  return !/did not answer/.test(cause);
}

export class OrthancClient {
  private readonly authorization: string;

  constructor(
    readonly url: string,
    user: string,
    password: string,
    /** Which connection pool to use (agent.ts): the follower has its own. */
    private readonly agent: http.Agent = orthancAgent,
    /** A cluster's nodes, which reads go to directly (read-nodes.ts); absent: every call to `url`. */
    private readonly nodes?: ReadNodes,
  ) {
    this.authorization = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
  }

  /** Where the proxy streams from, with the same credentials (the one place they are encoded). */
  proxyTarget(): ProxyTarget {
    return { baseUrl: this.url, authorization: this.authorization, nodes: this.nodes };
  }

  /**
   * Low-level request; answers a web Response for any HTTP status, throws only when Orthanc is
   * unreachable. Node's http with the shared keep-alive agent (not fetch): Orthanc's one-second
   * keep-alive hint would make fetch open a connection per call.
   */
  async request(path: string, init: OrthancRequestInit = {}): Promise<Response> {
    const first = this.nodes && isRead(init) ? this.nodes.pick() : this.url;
    try {
      return await this.requestOnce(first, path, init);
    } catch (error) {
      if (!retriable(error, init)) throw error;
      // A read that found no Orthanc: once more, after a short pause. In a cluster on another node,
      // the failed one passed over for a few seconds; alone, Orthanc may be restarting. Never a
      // write: it may have been done before the connection broke.
      this.nodes?.failed(first);
      await new Promise((resolve) => setTimeout(resolve, ORTHANC_RETRY_MS));
      return this.requestOnce(this.nodes ? this.nodes.pick(first) : this.url, path, init);
    }
  }

  private requestOnce(base: string, path: string, init: OrthancRequestInit): Promise<Response> {
    const { timeoutMs = 10_000, signal, method = 'GET', body, upload, headers = {} } = init;
    const length = upload ? upload.length : body?.length;
    return new Promise<Response>((resolve, reject) => {
      const request = http.request(`${base}${path}`, {
        method,
        agent: this.agent,
        headers: { authorization: this.authorization, ...headers, ...(length !== undefined ? { 'content-length': String(length) } : {}) },
      });
      const abort = () => request.destroy(new Error('aborted'));
      const timer = setTimeout(() => request.destroy(new Error(`Orthanc did not answer ${path} within ${timeoutMs} ms`)), timeoutMs);
      signal?.addEventListener('abort', abort, { once: true });
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      };
      request.on('error', (error) => {
        done();
        reject(signal?.aborted ? error : new OrthancUnavailableError(error));
      });
      request.on('response', (answer) => {
        answer.on('end', done);
        answer.on('error', () => {
          done();
          // Cut off mid-answer (not by our own abort): pass the node over like one that refused.
          if (!signal?.aborted) this.nodes?.failed(base);
        });
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          if (typeof value === 'string') responseHeaders.set(name, value);
          else if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
        }
        const status = answer.statusCode ?? 502;
        // Orthanc itself never answers 502 or 504; a balancer in front of a cluster's nodes
        // (scripts/services/nginx.ts) does when no node answered: Orthanc is unavailable (503),
        // not a fault of ours (500).
        if (status === 502 || status === 504) {
          answer.resume();
          done();
          reject(new OrthancUnavailableError(new Error(`the balancer in front of Orthanc answered ${status} to ${path}`)));
          return;
        }
        const noBody = status === 204 || status === 304 || method === 'HEAD';
        if (noBody) answer.resume();
        resolve(new Response(noBody ? null : (Readable.toWeb(answer) as ReadableStream<Uint8Array>), { status, headers: responseHeaders }));
      });
      if (upload) {
        upload.stream.on('error', (error) => request.destroy(error));
        upload.stream.pipe(request);
      } else {
        request.end(body);
      }
    });
  }

  /**
   * A read's JSON. When its connection breaks after the headers, while the body is read here (a
   * node dying mid-answer: nothing of it has reached the browser), it is read once more; the broken
   * node is already passed over (requestOnce), so in a cluster another answers.
   */
  private async json<T>(path: string, options: RequestOptions = {}): Promise<T> {
    try {
      return await this.jsonOnce<T>(path, options);
    } catch (error) {
      if (!brokenBody(error) || options.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, ORTHANC_RETRY_MS));
      return this.jsonOnce<T>(path, options);
    }
  }

  private async jsonOnce<T>(path: string, options: RequestOptions): Promise<T> {
    const response = await this.request(path, options);
    // Every body is read, so the keep-alive socket goes back to the pool.
    if (!response.ok) {
      const text = await response.text();
      if (response.status === 404) throw new AppError('not_found');
      throw new OrthancAnswerError(path, response.status, text);
    }
    return (await response.json()) as T;
  }

  getSystem(options?: RequestOptions): Promise<OrthancSystem> {
    return this.json<OrthancSystem>('/system', options);
  }

  /** What Orthanc stores: counts, and the bytes its storage area holds. */
  getStatistics(options?: RequestOptions): Promise<OrthancStatistics> {
    return this.json<OrthancStatistics>('/statistics', options);
  }

  /** One page of the change log after `since` (Orthanc answers at most `limit`, up to 4096). */
  getChanges(since: number, limit: number, options?: RequestOptions): Promise<OrthancChanges> {
    return this.json<OrthancChanges>(`/changes?since=${since}&limit=${limit}`, options);
  }

  /** The sequence number of the newest change (where a rebuilt index starts following). */
  async getLastChange(options?: RequestOptions): Promise<number> {
    return (await this.json<OrthancChanges>('/changes?last', options)).Last;
  }

  /**
   * Several instances in one request (POST /tools/bulk-content, Orthanc ≥ 1.9.4), in no particular
   * order; ids Orthanc no longer holds are left out. One request instead of one per instance: the
   * follower's reads then cost Orthanc a fraction of what they did while a modality is storing.
   */
  getInstances(ids: readonly string[], options: RequestOptions = {}): Promise<OrthancInstance[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const body = Buffer.from(JSON.stringify({ Resources: ids, Level: 'Instance', Metadata: false }));
    return this.jsonPost<OrthancInstance[]>('/tools/bulk-content', body, { ...options, idempotent: true });
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
    if (response.status === 404) {
      await response.arrayBuffer();
      return undefined;
    }
    if (!response.ok) throw new Error(`Orthanc raw ${tag} of ${id} answered ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }

  /** The resources whose DICOM identifier (a UID, a PatientID) is `value` (POST /tools/lookup). */
  lookup(value: string, options: RequestOptions = {}): Promise<OrthancLookup[]> {
    return this.jsonPost<OrthancLookup[]>('/tools/lookup', Buffer.from(value), { ...options, idempotent: true });
  }

  private async jsonPost<T>(path: string, body: Buffer, options: RequestOptions & { idempotent?: boolean }): Promise<T> {
    const response = await this.request(path, { ...options, method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    if (!response.ok) throw new Error(`Orthanc ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** The names of the DICOM modalities Orthanc knows (GET /modalities). */
  listModalities(options?: RequestOptions): Promise<string[]> {
    return this.json<string[]>('/modalities', options);
  }

  /** Creates or replaces one modality (PUT /modalities/{name}); kept in Orthanc's database. */
  async putModality(name: string, modality: OrthancModality, options: RequestOptions = {}): Promise<void> {
    await this.send(`/modalities/${encodeURIComponent(name)}`, 'PUT', modality, options);
  }

  async deleteModality(name: string, options: RequestOptions = {}): Promise<void> {
    await this.send(`/modalities/${encodeURIComponent(name)}`, 'DELETE', undefined, options);
  }

  /** One job's state, or undefined when Orthanc no longer knows it (restarted, or out of its history). */
  async getJob(id: string, options: RequestOptions = {}): Promise<OrthancJob | undefined> {
    const response = await this.request(`/jobs/${encodeURIComponent(id)}`, options);
    if (response.status === 404) {
      await response.arrayBuffer();
      return undefined;
    }
    const text = await response.text();
    if (!response.ok) throw new OrthancAnswerError(`/jobs/${id}`, response.status, text);
    return JSON.parse(text) as OrthancJob;
  }

  async cancelJob(id: string, options: RequestOptions = {}): Promise<void> {
    await this.send(`/jobs/${encodeURIComponent(id)}/cancel`, 'POST', {}, options);
  }

  /**
   * Rewrites a study's or series' files with `modification` as an asynchronous job
   * (POST /{studies|series}/{id}/modify); the job's id. With every UID kept and the same
   * PatientID, the rewritten instances keep their Orthanc ids and replace the stored ones
   * (OverwriteInstances); Orthanc 1.10 refuses a new PatientID at these levels.
   */
  async modifyResource(
    level: 'studies' | 'series',
    id: string,
    modification: OrthancModification,
    options: RequestOptions = {},
  ): Promise<string> {
    const path = `/${level}/${encodeURIComponent(id)}/modify`;
    const body = Buffer.from(JSON.stringify({ ...modification, Asynchronous: true }));
    const response = await this.request(path, { ...options, method: 'POST', body, headers: { 'content-type': 'application/json' } });
    const text = await response.text();
    if (response.status === 404) throw new AppError('not_found');
    if (!response.ok) throw new OrthancAnswerError(path, response.status, text);
    return (JSON.parse(text) as { ID: string }).ID;
  }

  /**
   * Waits for a job to end, polling every `intervalMs`; resolves on Success, throws with Orthanc's
   * reason on Failure, when Orthanc forgets the job, or after `timeoutMs`.
   */
  async waitForJob(
    id: string,
    { timeoutMs = 30 * 60_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
  ): Promise<OrthancJob> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.getJob(id);
      if (!job) throw new Error(`Orthanc no longer knows job ${id}`);
      if (job.State === 'Success') return job;
      if (job.State === 'Failure') {
        const details = job.ErrorDetails;
        throw new Error(`Orthanc job ${id} failed: ${job.ErrorDescription ?? ''}${details ? ` (${details})` : ''}`);
      }
      if (Date.now() > deadline) throw new Error(`Orthanc job ${id} did not finish within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  /** One instance's file with `modification` applied, whole (for files that are stored again at once). */
  async modifiedInstanceFile(id: string, modification: OrthancModification, options: RequestOptions = {}): Promise<Buffer> {
    const path = `/instances/${encodeURIComponent(id)}/modify`;
    const body = Buffer.from(JSON.stringify(modification));
    const response = await this.request(path, {
      timeoutMs: 120_000,
      ...options,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    if (response.status === 404) {
      await response.arrayBuffer();
      throw new AppError('not_found');
    }
    if (!response.ok) throw new OrthancAnswerError(path, response.status, await response.text());
    return Buffer.from(await response.arrayBuffer());
  }

  /** Stores one DICOM file (POST /instances); the new instance's Orthanc ids. */
  async storeInstance(file: Buffer, options: RequestOptions = {}): Promise<{ ID: string; ParentStudy: string; Status: string }> {
    const response = await this.request('/instances', {
      timeoutMs: 120_000,
      ...options,
      method: 'POST',
      body: file,
      headers: { 'content-type': 'application/dicom' },
    });
    const text = await response.text();
    if (!response.ok) throw new OrthancAnswerError('/instances', response.status, text);
    return JSON.parse(text) as { ID: string; ParentStudy: string; Status: string };
  }

  /**
   * Deletes a study, series or instance for good (DELETE /studies|series|instances/{id}). False when
   * Orthanc no longer holds it (already deleted: a retried delete is not an error).
   */
  async deleteResource(level: 'studies' | 'series' | 'instances', id: string, options: RequestOptions = {}): Promise<boolean> {
    const path = `/${level}/${encodeURIComponent(id)}`;
    const response = await this.request(path, { timeoutMs: 120_000, ...options, method: 'DELETE' });
    const text = await response.text();
    if (response.status === 404) return false;
    if (!response.ok) throw new OrthancAnswerError(path, response.status, text);
    return true;
  }

  /** Restarts Orthanc in place (POST /tools/reset); it reads its configuration files again. */
  /** The encoding Orthanc reads files without a SpecificCharacterSet with (its name, e.g. `Utf8`). */
  async getDefaultEncoding(options: RequestOptions = {}): Promise<string> {
    const response = await this.request('/tools/default-encoding', options);
    const text = await response.text();
    if (!response.ok) throw new OrthancAnswerError('/tools/default-encoding', response.status, text);
    return text.trim();
  }

  /** Changes it at run time (Orthanc keeps it in memory only: the adapter pushes it again at start). */
  async putDefaultEncoding(name: string, options: RequestOptions = {}): Promise<void> {
    const body = Buffer.from(name);
    const response = await this.request('/tools/default-encoding', {
      ...options,
      method: 'PUT',
      body,
      headers: { 'content-type': 'text/plain' },
    });
    const text = await response.text();
    if (!response.ok) throw new OrthancAnswerError('/tools/default-encoding', response.status, text);
  }

  /** The verbosity of one of Orthanc's log categories (GET /tools/log-level-{category}: default, verbose or trace). */
  async getLogLevel(category: 'dicom', options: RequestOptions = {}): Promise<string> {
    const path = `/tools/log-level-${category}`;
    const response = await this.request(path, options);
    const text = await response.text();
    if (!response.ok) throw new OrthancAnswerError(path, response.status, text);
    return text.trim();
  }

  /** Changes it at run time (kept in memory only: the adapter checks it every minute). */
  async putLogLevel(category: 'dicom', level: 'default' | 'verbose' | 'trace', options: RequestOptions = {}): Promise<void> {
    const path = `/tools/log-level-${category}`;
    const response = await this.request(path, {
      ...options,
      method: 'PUT',
      body: Buffer.from(level),
      headers: { 'content-type': 'text/plain' },
    });
    const text = await response.text();
    if (!response.ok) throw new OrthancAnswerError(path, response.status, text);
  }

  async reset(options: RequestOptions = {}): Promise<void> {
    await this.send('/tools/reset', 'POST', {}, options);
  }

  private async send(path: string, method: string, json: unknown, options: RequestOptions): Promise<void> {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    const response = await this.request(path, { ...options, method, body, headers: body ? { 'content-type': 'application/json' } : {} });
    const text = await response.text();
    if (!response.ok) throw new OrthancAnswerError(path, response.status, text);
  }

  /**
   * A zip of the instances with a DICOMDIR (POST /tools/create-media), streamed: Orthanc 1.10
   * writes it as it reads the files (SynchronousZipStream, on by default).
   */
  createMedia(resources: readonly string[], options: StreamOptions = {}): Promise<http.IncomingMessage> {
    return this.postForStream('/tools/create-media', { Resources: resources }, options);
  }

  /**
   * One instance's file with `modification` applied (POST /instances/{id}/modify: Replace, Remove,
   * Keep, Force), streamed; Orthanc stores nothing.
   */
  modifyInstance(id: string, modification: OrthancModification, options: StreamOptions = {}): Promise<http.IncomingMessage> {
    return this.postForStream(`/instances/${encodeURIComponent(id)}/modify`, modification, options);
  }

  /**
   * A POST whose answer is streamed to the browser, on the proxy's connection pool (a long
   * download must not hold a socket the adapter's own calls need). The time limit covers the wait
   * for Orthanc's headers; after that only a stall of `idleMs` ends the answer. Resolves with the
   * answer once its status is a success; the caller must consume or destroy it.
   */
  private postForStream(path: string, json: unknown, options: StreamOptions): Promise<http.IncomingMessage> {
    const { timeoutMs = 60_000, idleMs = 5 * 60_000, signal } = options;
    const body = Buffer.from(JSON.stringify(json));
    return new Promise((resolve, reject) => {
      const request = http.request(`${this.url}${path}`, {
        method: 'POST',
        agent: proxyAgent,
        headers: { authorization: this.authorization, 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      const abort = () => request.destroy(new Error('aborted'));
      if (signal?.aborted) abort();
      signal?.addEventListener('abort', abort, { once: true });
      const timer = setTimeout(() => request.destroy(new Error(`Orthanc did not answer ${path} within ${timeoutMs} ms`)), timeoutMs);
      request.setTimeout(idleMs, () => request.destroy(new Error(`Orthanc's answer to ${path} stalled for ${idleMs} ms`)));
      request.on('close', () => signal?.removeEventListener('abort', abort));
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(signal?.aborted ? error : new OrthancUnavailableError(error));
      });
      request.on('response', (answer) => {
        clearTimeout(timer);
        const status = answer.statusCode ?? 502;
        if (status < 400) {
          resolve(answer);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.length < 64 && chunks.push(chunk));
        answer.on('error', () => undefined);
        answer.on('end', () =>
          reject(status === 404 ? new AppError('not_found') : new OrthancAnswerError(path, status, Buffer.concat(chunks).toString('utf8'))),
        );
      });
      request.end(body);
    });
  }

  /** One metadata value of an instance (RemoteAET, TransferSyntax …), or '' when absent. */
  async getInstanceMetadata(id: string, name: string, options?: RequestOptions): Promise<string> {
    const response = await this.request(`/instances/${encodeURIComponent(id)}/metadata/${name}`, options);
    if (response.status === 404) {
      await response.arrayBuffer();
      return '';
    }
    if (!response.ok) throw new Error(`Orthanc metadata ${name} of ${id} answered ${response.status}`);
    return response.text();
  }
}

/** A streamed call's limits: `timeoutMs` until Orthanc's headers, `idleMs` without a byte after. */
export interface StreamOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  idleMs?: number;
}

/** The body of POST /instances/{id}/modify (the fields we send). */
export interface OrthancModification {
  Replace?: Record<string, string>;
  Remove?: string[];
  Keep?: string[];
  Force?: boolean;
}

/** Orthanc answered, with an error status (as opposed to not answering at all). */
export class OrthancAnswerError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    text: string,
  ) {
    super(`Orthanc ${path} answered ${status}: ${text.slice(0, 500)}`);
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
  FileUuid?: string;
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
