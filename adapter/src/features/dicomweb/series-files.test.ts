import { describe, expect, it } from 'vitest';
import { wantsStoredInstances } from './series-files.ts';

describe('wantsStoredInstances', () => {
  it('takes whole instances in any stored syntax', () => {
    expect(wantsStoredInstances('multipart/related; type="application/dicom"; transfer-syntax=*')).toBe(true);
    expect(wantsStoredInstances('multipart/related;type=application/dicom;transfer-syntax=*')).toBe(true);
  });

  it("leaves every other request to Orthanc's plugin", () => {
    for (const accept of [
      undefined,
      '*/*',
      'multipart/related; type="application/dicom"',
      'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.1',
      'multipart/related; type="application/octet-stream"; transfer-syntax=*',
      'application/dicom+json',
      'multipart/related; type="application/dicom"; transfer-syntax=*, application/dicom+json',
    ]) {
      expect(wantsStoredInstances(accept), accept).toBe(false);
    }
  });
});
