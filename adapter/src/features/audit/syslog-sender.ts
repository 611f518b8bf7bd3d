/**
 * Sends the audit log's records to a syslog collector (admin/general/log, "Export"): each record,
 * once PostgreSQL holds it, becomes one framed RFC 5424 message (atna.ts) on a long-lived TCP or
 * TLS connection. Nothing here can slow or fail the audited action: `send()` only pushes onto a
 * bounded queue; connecting, writing and retrying happen on their own timers. When the collector
 * is away, messages wait (up to MAX_QUEUE, then the oldest are dropped and counted) and the
 * connection is tried again after 1 s, 2 s, … up to 30 s. Syslog over TCP has no acknowledgement:
 * a message written just before a connection breaks may be lost (RFC 6587 says as much); the
 * PostgreSQL log stays the record of truth. Several replicas each send what they wrote.
 */
import { hostname } from 'node:os';
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { DEFAULT_AUDIT_EXPORT, isJsonObject, type AuditExportSettings, type AuditExportState } from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import { log } from '../../log.ts';
import { selectServerSetting, upsertServerSetting } from '../security/security.sql.ts';
import type { ChainRecord } from './audit-chain.ts';
import { frame, syslogMessage, type AtnaSource } from './atna.ts';

export const AUDIT_EXPORT_KEY = 'audit_export';
export const MAX_QUEUE = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;
const MAX_PAUSE_MS = 30_000;
/** Other replicas' changes of the settings are picked up within this long. */
const RELOAD_MS = 30_000;

export async function loadExportSettings(db: Db): Promise<AuditExportSettings> {
  const stored = await selectServerSetting(db, AUDIT_EXPORT_KEY);
  return isJsonObject(stored) ? { ...DEFAULT_AUDIT_EXPORT, ...(stored as Partial<AuditExportSettings>) } : { ...DEFAULT_AUDIT_EXPORT };
}

const sameTarget = (a: AuditExportSettings, b: AuditExportSettings): boolean =>
  a.Enabled === b.Enabled && a.Host === b.Host && a.Port === b.Port && a.Transport === b.Transport && a.CACertificate === b.CACertificate;

export class SyslogSender {
  private settings: AuditExportSettings = { ...DEFAULT_AUDIT_EXPORT };
  private queue: Buffer[] = [];
  private socket: Socket | null = null;
  private connected = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private reloadTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private sent = 0;
  private dropped = 0;
  private lastError = '';
  private waitingForDrain = false;
  private readonly source: AtnaSource;

  constructor(
    private readonly db: Db,
    options: { application?: string } = {},
  ) {
    this.source = { host: hostname(), application: options.application ?? 'pacs' };
  }

  /** Reads the settings now and then every RELOAD_MS (a change made on another replica). */
  start(): void {
    const reload = () =>
      loadExportSettings(this.db).then(
        (settings) => this.configure(settings),
        (error: unknown) => log.warn(`Audit export settings not read: ${String(error)}`),
      );
    void reload();
    this.reloadTimer = setInterval(() => void reload(), RELOAD_MS);
    this.reloadTimer.unref();
  }

  async save(settings: AuditExportSettings): Promise<void> {
    await upsertServerSetting(this.db, AUDIT_EXPORT_KEY, settings);
    this.configure(settings);
  }

  /** Applies settings: a new collector closes the old connection; off forgets what waits. */
  configure(settings: AuditExportSettings): void {
    if (sameTarget(settings, this.settings)) return;
    this.settings = { ...settings };
    this.disconnect();
    this.failures = 0;
    this.lastError = '';
    if (!settings.Enabled) this.queue = [];
    this.pump();
  }

  /** Queues the records' messages (records PostgreSQL has just taken). Never throws, never waits. */
  send(records: readonly ChainRecord[]): void {
    if (!this.settings.Enabled || records.length === 0) return;
    for (const record of records) {
      try {
        this.queue.push(frame(syslogMessage(record, this.source, String(process.pid))));
      } catch (error) {
        log.error(`Audit export: record ${record.id} could not be formatted`, error);
      }
    }
    const over = this.queue.length - MAX_QUEUE;
    if (over > 0) {
      this.queue.splice(0, over);
      if (this.dropped % 1000 < over) log.error(`Audit export: the collector has not taken ${this.dropped + over} message(s); dropped`);
      this.dropped += over;
    }
    this.pump();
  }

  state(): AuditExportState {
    return { Connected: this.connected, Queued: this.queue.length, Sent: this.sent, Dropped: this.dropped, LastError: this.lastError };
  }

  /** Waits up to `ms` for the queue to empty, then closes (the adapter's shutdown). */
  async close(ms = 2_000): Promise<void> {
    if (this.reloadTimer) clearInterval(this.reloadTimer);
    const until = Date.now() + ms;
    while (this.queue.length > 0 && this.connected && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    this.settings = { ...this.settings, Enabled: false };
    this.disconnect();
  }

  private pump(): void {
    if (!this.settings.Enabled || this.queue.length === 0) return;
    if (!this.socket) {
      if (!this.retryTimer) this.open();
      return;
    }
    if (!this.connected || this.waitingForDrain) return;
    const socket = this.socket;
    while (this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.sent++;
      if (!socket.write(next)) {
        this.waitingForDrain = true;
        socket.once('drain', () => {
          this.waitingForDrain = false;
          this.pump();
        });
        return;
      }
    }
  }

  private open(): void {
    const { Host: host, Port: port, Transport, CACertificate } = this.settings;
    const socket =
      Transport === 'tls'
        ? connectTls({
            host,
            port,
            ...(isIP(host) ? {} : { servername: host }),
            ...(CACertificate ? { ca: CACertificate } : {}),
            timeout: CONNECT_TIMEOUT_MS,
          })
        : connectTcp({ host, port, timeout: CONNECT_TIMEOUT_MS });
    this.socket = socket;
    socket.setKeepAlive(true, 60_000);
    socket.unref();
    socket.once(Transport === 'tls' ? 'secureConnect' : 'connect', () => {
      if (this.socket !== socket) return;
      socket.setTimeout(0);
      this.connected = true;
      this.failures = 0;
      this.lastError = '';
      this.pump();
    });
    socket.on('timeout', () => socket.destroy(new Error(`no connection within ${CONNECT_TIMEOUT_MS / 1000} s`)));
    // A collector never answers on this channel; anything it sends is read and dropped.
    socket.on('data', () => undefined);
    socket.on('error', (error) => {
      if (this.socket === socket) this.lastError = error.message;
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.connected = false;
      this.waitingForDrain = false;
      if (!this.settings.Enabled) return;
      this.failures++;
      if (!this.lastError) this.lastError = 'The collector closed the connection.';
      const pause = Math.min(MAX_PAUSE_MS, 500 * 2 ** Math.min(this.failures, 6));
      if (this.failures === 1 || this.failures % 20 === 0)
        log.warn(`Audit export to ${host}:${port}: ${this.lastError}; next try in ${pause} ms`);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.pump();
      }, pause);
      this.retryTimer.unref();
    });
  }

  private disconnect(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.connected = false;
    this.waitingForDrain = false;
    if (!socket) return;
    socket.end();
    setTimeout(() => socket.destroy(), 1_000).unref();
  }
}
