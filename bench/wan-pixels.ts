/**
 * The viewer's series download in each lossless form the stack can send it (issue 18, "Serving";
 * docs/decisions.md "Serving: uncompressed pixel data over a WAN"), for the bench's 300-slice
 * 512×512 CT, asked for through the adapter from Node over loopback:
 *
 * - as stored (`transfer-syntax=*`), the LAN's answer;
 * - brotli-encoded as stored (`Save-Data: on`), the WAN answer the viewer takes;
 * - transcoded by Orthanc's DICOMweb plugin to JPEG-LS lossless, JPEG lossless SV1 and RLE (the
 *   adapter relays any other transfer syntax to the plugin).
 *
 * For each: the bytes on the wire (`wanpix_<form>_mb`), the time to the last byte on loopback
 * (`wanpix_<form>_ms`: the server's cost, the link left out) and what the bytes alone take over
 * the WAN part's 30 Mbit/s (`wanpix_<form>_link_ms`). Run alone: `--only=wanpixels`.
 */
import { request } from 'node:http';
import type { Stack } from '../test/harness/stack.ts';
import { storeViewerCt } from './viewer.ts';

const LINK_BYTES_PER_SECOND = 30e6 / 8;

const FORMS: { name: string; syntax: string; saveData?: boolean }[] = [
  { name: 'stored', syntax: '*' },
  { name: 'br', syntax: '*', saveData: true },
  { name: 'jpegls', syntax: '1.2.840.10008.1.2.4.80' },
  { name: 'sv1', syntax: '1.2.840.10008.1.2.4.70' },
  { name: 'rle', syntax: '1.2.840.10008.1.2.5' },
];

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

export async function benchWanPixels(stack: Stack, cookie: string): Promise<{ figures: Record<string, number>; notes: string[] }> {
  const studyUid = await storeViewerCt(stack);
  const [series] = await stack.sql<{ uid: string }>(
    'select s.series_instance_uid as uid from series s join studies st on st.id = s.study_id where st.study_instance_uid = $1',
    [studyUid],
  );
  const url = `${stack.baseUrl}/viewer/api/dicom-web/studies/${studyUid}/series/${series!.uid}`;
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  for (const form of FORMS) {
    log(`wanpixels: the series ${form.name}…`);
    const headers: Record<string, string> = {
      cookie,
      accept: `multipart/related; type="application/dicom"; transfer-syntax=${form.syntax}`,
      'accept-encoding': 'gzip, deflate, br',
      ...(form.saveData ? { 'save-data': 'on' } : {}),
    };
    const started = performance.now();
    // Raw HTTP: the bytes as they cross the wire, not decoded.
    const { status, bytes, encoding } = await new Promise<{ status: number; bytes: number; encoding: string }>((resolve, reject) => {
      const req = request(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers['content-encoding'] ?? '') }));
      });
      req.on('error', reject);
      req.end();
    });
    const ms = Math.round(performance.now() - started);
    if (status !== 200) {
      notes.push(`wanpixels ${form.name}: HTTP ${status}`);
      continue;
    }
    figures[`wanpix_${form.name}_mb`] = Math.round(bytes / 1e4) / 100;
    figures[`wanpix_${form.name}_ms`] = ms;
    figures[`wanpix_${form.name}_link_ms`] = Math.round((bytes / LINK_BYTES_PER_SECOND) * 1000);
    notes.push(
      `wanpixels ${form.name}${encoding ? ` (Content-Encoding ${encoding})` : ''}: ${(bytes / 1e6).toFixed(2)} MB in ${ms} ms over loopback, ${((bytes / LINK_BYTES_PER_SECOND) * 1000).toFixed(0)} ms of bytes at 30 Mbit/s`,
    );
  }
  return { figures, notes };
}
