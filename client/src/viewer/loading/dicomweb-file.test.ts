import dicomParser from 'dicom-parser';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const wado = (sop: string) =>
  `/viewer/api/wado?requestType=WADO&studyUID=1.2&seriesUID=1.2.3&objectUID=${sop}&contentType=application%2Fdicom`;
const FRAME = Uint8Array.from({ length: 16 }, (_, at) => at * 10);

/**
 * A server that refuses whole files (403) and answers metadata (without PatientName, as the proxy
 * strips it) and frames as the DICOMweb proxy does.
 */
function refusingServer() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.includes('/wado?')) return new Response('{"code":"forbidden"}', { status: 403 });
      const sop = /instances\/([0-9.]+)/.exec(url)?.[1] ?? '';
      if (url.endsWith('/metadata'))
        return Response.json([
          {
            '00080016': { vr: 'UI', Value: ['1.2.840.10008.5.1.4.1.1.7'] },
            '00080018': { vr: 'UI', Value: [sop] },
            '00100020': { vr: 'LO', Value: ['ID-1'] },
            '00280002': { vr: 'US', Value: [1] },
            '00280004': { vr: 'CS', Value: ['MONOCHROME2'] },
            '00280010': { vr: 'US', Value: [4] },
            '00280011': { vr: 'US', Value: [4] },
            '00280100': { vr: 'US', Value: [8] },
            '00280101': { vr: 'US', Value: [8] },
            '7FE00010': {
              vr: 'OB',
              BulkDataURI: `http://host/viewer/api/dicom-web/studies/1.2/series/1.2.3/instances/${sop}/bulk/7fe00010`,
            },
          },
        ]);
      if (url.endsWith('/frames/1')) {
        const head = new TextEncoder().encode('--b\r\nContent-Type: application/octet-stream\r\nContent-Length: 16\r\n\r\n');
        const tail = new TextEncoder().encode('\r\n--b--\r\n');
        return new Response(new Blob([head, FRAME, tail]), {
          headers: {
            'content-type': 'multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.1; boundary=b',
          },
        });
      }
      return new Response(null, { status: 404 });
    }),
  );
  return asked;
}

describe('files for a role refused whole files', () => {
  it('are built from metadata and frames once the server refused one, without asking for whole files again', async () => {
    const asked = refusingServer();
    const { createSeriesLoader } = await import('./series-loader.ts');
    const loader = createSeriesLoader();
    const fetchFile = (url: string) => loader.fetchFile(url);
    const file = await fetchFile(wado('1.2.3.4'));
    const parsed = dicomParser.parseDicom(new Uint8Array(file));
    expect(parsed.string('x00020010')).toBe('1.2.840.10008.1.2.1');
    expect(parsed.string('x00020003')).toBe('1.2.3.4');
    expect(parsed.string('x00100020')).toBe('ID-1');
    expect(parsed.uint16('x00280010')).toBe(4);
    const pixels = parsed.elements.x7fe00010!;
    expect([...parsed.byteArray.subarray(pixels.dataOffset, pixels.dataOffset + pixels.length)]).toEqual([...FRAME]);
    expect(asked.filter((url) => url.includes('/wado?'))).toHaveLength(1);

    await fetchFile(wado('1.2.3.5'));
    expect(asked.filter((url) => url.includes('/wado?'))).toHaveLength(1);
    expect(asked.filter((url) => url.includes('1.2.3.5'))).toEqual([
      '/viewer/api/dicom-web/studies/1.2/series/1.2.3/instances/1.2.3.5/metadata',
      '/viewer/api/dicom-web/studies/1.2/series/1.2.3/instances/1.2.3.5/frames/1',
    ]);
  });

  it('serve the early first image too', async () => {
    refusingServer();
    const { createSeriesLoader } = await import('./series-loader.ts');
    const loader = createSeriesLoader();
    const [fetchEarly, takeEarly] = [(url: string) => loader.fetchEarly(url), (url: string) => loader.takeEarly(url)];
    fetchEarly(wado('1.2.3.6'));
    const file = await takeEarly(wado('1.2.3.6'))!;
    expect(dicomParser.parseDicom(new Uint8Array(file)).string('x00080018')).toBe('1.2.3.6');
  });
});
