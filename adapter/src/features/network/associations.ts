/**
 * The DICOM associations open right now: TCP connections established to the archive's DICOM port,
 * read from the kernel's tables (/proc/net/tcp and tcp6) on the machine Orthanc runs on. Where
 * those tables cannot be read (another system), the list is empty and says so.
 */
import { readFile } from 'node:fs/promises';
import type { DicomAssociation as Association } from '@pacs/common';

const ESTABLISHED = '01';

/** A /proc/net/tcp address ("0100007F:1092") as dotted IPv4, or a tcp6 one as text. */
function address(hex: string): string {
  if (hex.length === 8) {
    // Four bytes, little-endian.
    return [6, 4, 2, 0].map((at) => parseInt(hex.slice(at, at + 2), 16)).join('.');
  }
  // tcp6: four 32-bit words, each little-endian.
  const bytes: number[] = [];
  for (let word = 0; word < 4; word++) {
    const part = hex.slice(word * 8, word * 8 + 8);
    for (const at of [6, 4, 2, 0]) bytes.push(parseInt(part.slice(at, at + 2), 16));
  }
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes.slice(12).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':');
}

/** The established connections to `port` in one of the kernel's tables. */
export function parseTcpTable(text: string, port: number): Association[] {
  const result: Association[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    const [local, remote, state] = [fields[1], fields[2], fields[3]];
    if (!local || !remote || state !== ESTABLISHED) continue;
    const [, localPort] = local.split(':');
    if (parseInt(localPort ?? '', 16) !== port) continue;
    const [remoteAddress, remotePort] = remote.split(':');
    result.push({ RemoteAddress: address(remoteAddress ?? ''), RemotePort: parseInt(remotePort ?? '0', 16) });
  }
  return result;
}

/** The open associations to `port`, or null when this system does not show them. */
export async function openAssociations(port: number): Promise<Association[] | null> {
  const tables = await Promise.all(['/proc/net/tcp', '/proc/net/tcp6'].map((file) => readFile(file, 'utf8').catch(() => null)));
  if (tables.every((table) => table === null)) return null;
  return tables.flatMap((table) => (table === null ? [] : parseTcpTable(table, port)));
}
