/**
 * DICOM associations as Orthanc 1.10 logs them in its category "dicom" at verbose level
 * (docs/decisions.md "DICOM associations from Orthanc's log"): each line is parsed into an event
 * with the calling AE title and IP, and a tracker keeps the associations open now and decides,
 * for every association, whether it was accepted or rejected.
 *
 * The lines (glog, Orthanc 1.10.1; the exact ones are in associations.test.ts):
 *   I… (dicom) Association Received from AET MYMOD on IP 127.0.0.1
 *   I… (dicom) Association Acknowledged (Max Send PDV: 16372) to AET MYMOD on IP 127.0.0.1
 *   I… (dicom) Association Release with AET MYMOD on IP 127.0.0.1
 *   I… (dicom) Association Aborted with AET MYMOD on IP 127.0.0.1
 *   I… (dicom) DIMSE failure (aborting association with AET MYMOD on IP 127.0.0.1): …   (timeouts too)
 *   W… Rejected association for remote AET FINDER on IP 127.0.0.1                        (unknown caller)
 *   W… Rejected association, because of a bad called AET in the request (WRONG)          (no AET/IP)
 *   I… (dicom) No presentation context proposed                                           (no AET/IP)
 * The two lines without an AE title follow their association's "Received" in the same thread, so
 * they belong to the latest association received and not yet decided.
 *
 * The AE titles are the peer's bytes as it sent them (docs/decisions.md "Peer text in logs"): a
 * line is an event only when Orthanc's message starts right after a whole glog header, so text
 * a peer put elsewhere in a line cannot pass for one; a CR or LF in an AE title splits Orthanc's
 * line, and AssociationLines joins the pieces again (a piece cannot start with a glog header: an
 * AE title has 16 bytes); the AE title keeps its control characters only escaped (`printable`).
 */
import type { LiveAssociation } from '@pacs/common';
import { printable } from '../../log.ts';

export type AssociationEventKind = 'received' | 'acknowledged' | 'released' | 'aborted' | 'rejected';

/** Where a DICOM listener of ours (the front receiver) reports its associations as they happen. */
export interface AssociationSink {
  received(aeTitle: string, address: string): void;
  accepted(aeTitle: string, address: string): void;
  rejected(aeTitle: string, address: string): void;
  ended(aeTitle: string, address: string, how: 'released' | 'aborted'): void;
}

export interface AssociationEvent {
  kind: AssociationEventKind;
  /** null on the two rejection lines that name no caller. */
  aeTitle: string | null;
  ip: string | null;
  at: Date;
}

const GLOG_TIME = /^[IWEF](\d{2})(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{1,6})/;
/** A whole glog header as Orthanc 1.10 writes it: `I1126 11:26:33.768395 CommandDispatcher.cpp:333] `. */
const HEADER = '^[IWEF]\\d{4} \\d{2}:\\d{2}:\\d{2}\\.\\d{6} +(?:\\d+ +)?[\\w.+-]+:\\d+\\] ';
const GLOG_HEADER = new RegExp(HEADER);
// `s`: an AE title rejoined from split lines holds line breaks; the IP, Orthanc's own, ends the line.
const PEER = 'AET (.*?) on IP (\\S+?)';
const line = (message: string) => new RegExp(`${HEADER}${message}`, 's');
const LINES: [AssociationEventKind, RegExp][] = [
  ['received', line(`\\(dicom\\) Association Received from ${PEER}$`)],
  ['acknowledged', line(`\\(dicom\\) Association Acknowledged \\([^)]*\\) to ${PEER}(?: \\(but no valid presentation contexts\\))?$`)],
  ['released', line(`\\(dicom\\) Association Release with ${PEER}$`)],
  ['aborted', line(`\\(dicom\\) Association Aborted with ${PEER}$`)],
  // Greedy here: the AE title comes before DCMTK's reason, so the last "on IP …):" is Orthanc's.
  ['aborted', line('\\(dicom\\) DIMSE failure \\(aborting association with AET (.*) on IP (\\S+?)\\): ')],
  ['rejected', line(`Rejected association for remote ${PEER}$`)],
  ['rejected', line('Rejected association, because of a bad called AET')],
  ['rejected', line('\\(dicom\\) No presentation context proposed$')],
];

/**
 * The time of a glog line. glog writes month and day without a year, in the local time of the
 * Orthanc process (the adapter runs in the same zone: same machine, or containers without TZ):
 * the year is the one that puts the line at most a day after `now`.
 */
export function glogTime(line: string, now: Date): Date | null {
  const match = GLOG_TIME.exec(line);
  if (!match) return null;
  const [month, day, hour, minute, second] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const millis = Math.floor(Number(`0.${match[6]}`) * 1000);
  const at = (year: number) => new Date(year, month - 1, day, hour, minute, second, millis);
  let when = at(now.getFullYear());
  if (when.getTime() - now.getTime() > 86_400_000) when = at(now.getFullYear() - 1);
  return when;
}

/** One log line as an association event, or null for every other line. */
export function parseAssociationLine(line: string, now: Date = new Date()): AssociationEvent | null {
  // Cheap filter first: most lines of a busy log are not about associations.
  if (!line.includes('ssociation') && !line.includes('presentation context')) return null;
  for (const [kind, pattern] of LINES) {
    const match = pattern.exec(line);
    if (!match) continue;
    const at = glogTime(line, now);
    if (!at) return null;
    return { kind, aeTitle: match[1] === undefined ? null : printable(match[1]), ip: match[2] ?? null, at };
  }
  return null;
}

/** Pieces of one split line joined at most (an AE title of 16 bytes has room for fewer line breaks). */
const MAX_PIECES = 16;

/**
 * Parses a log's lines in order, joining a line that a CR or LF in a peer's AE title split: a
 * line that does not start with a glog header continues the one before it. Without this, an AE
 * title with a line break would leave its association out of the counts and the live list.
 */
export class AssociationLines {
  private unparsed: string | null = null;
  private pieces = 0;

  parse(text: string, now: Date = new Date()): AssociationEvent | null {
    if (GLOG_HEADER.test(text)) {
      const event = parseAssociationLine(text, now);
      this.unparsed = event ? null : text;
      this.pieces = 1;
      return event;
    }
    // A piece of the line before (or of a multi-line message, which never parses).
    if (this.unparsed === null || this.pieces >= MAX_PIECES) return null;
    this.unparsed = `${this.unparsed}\n${text}`;
    this.pieces += 1;
    const event = parseAssociationLine(this.unparsed, now);
    if (event) this.unparsed = null;
    return event;
  }
}

/** What one event means for the statistics: an association decided, and the open counts after it. */
export interface AssociationOutcome {
  at: Date;
  aeTitle: string;
  decided: 'accepted' | 'rejected' | null;
  /** Associations open after the event: from this AE title, and in all. */
  openFromAe: number;
  openInAll: number;
}

/** Bounds, so that a log the tracker misreads (or a flood) cannot grow memory. */
const MAX_PENDING = 1000;
const MAX_OPEN = 10_000;
const PENDING_MS = 5 * 60_000;

interface Pending {
  aeTitle: string;
  ip: string;
  at: Date;
}

/**
 * The associations received and not yet decided, and those open now. Concurrent associations from
 * one AE title and IP are told apart by order only (the lines carry no port or thread): a release
 * closes the oldest one of that caller.
 */
export class AssociationTracker {
  private pending: Pending[] = [];
  private open: Pending[] = [];

  /** Applies one event; answers what it decided, or null for an event that changes nothing. */
  apply(event: AssociationEvent): AssociationOutcome | null {
    this.pending = this.pending.filter((one) => event.at.getTime() - one.at.getTime() < PENDING_MS);
    const same = (one: Pending) => one.aeTitle === event.aeTitle && one.ip === event.ip;
    const outcome = (aeTitle: string, decided: AssociationOutcome['decided']): AssociationOutcome => ({
      at: event.at,
      aeTitle,
      decided,
      openFromAe: this.open.filter((one) => one.aeTitle === aeTitle).length,
      openInAll: this.open.length,
    });
    switch (event.kind) {
      case 'received':
        if (this.pending.length >= MAX_PENDING) this.pending.shift();
        this.pending.push({ aeTitle: event.aeTitle ?? '', ip: event.ip ?? '', at: event.at });
        return null;
      case 'acknowledged': {
        const found = take(this.pending, same);
        if (this.open.length >= MAX_OPEN) this.open.shift();
        this.open.push({ aeTitle: event.aeTitle ?? '', ip: event.ip ?? '', at: found?.at ?? event.at });
        return outcome(event.aeTitle ?? '', 'accepted');
      }
      case 'rejected': {
        // The lines without a caller belong to the latest association received (see the head).
        const found = event.aeTitle === null ? this.pending.pop() : take(this.pending, same);
        const aeTitle = event.aeTitle ?? found?.aeTitle;
        // No AE title at all: a TCP connection that sent no A-ASSOCIATE-RQ (a port check), not an association.
        if (!aeTitle) return null;
        return outcome(aeTitle, 'rejected');
      }
      default: {
        const closed = take(this.open, same);
        return closed ? outcome(closed.aeTitle, null) : null;
      }
    }
  }

  /** The associations open now, oldest first. */
  live(): LiveAssociation[] {
    return this.open.map((one) => ({ AETitle: one.aeTitle, RemoteAddress: one.ip, Since: one.at.toISOString() }));
  }

  /** Open associations per AE title, and in all: the peaks of a new bucket start from these. */
  openCounts(): { byAe: Map<string, number>; all: number } {
    const byAe = new Map<string, number>();
    for (const one of this.open) byAe.set(one.aeTitle, (byAe.get(one.aeTitle) ?? 0) + 1);
    return { byAe, all: this.open.length };
  }
}

function take<T>(list: T[], match: (item: T) => boolean): T | undefined {
  const index = list.findIndex(match);
  return index < 0 ? undefined : list.splice(index, 1)[0];
}
