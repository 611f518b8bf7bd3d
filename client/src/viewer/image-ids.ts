/**
 * Cornerstone image ids for a series. The viewer loads whole Part 10 files through the adapter's
 * WADO-URI proxy (`wadouri:` scheme): Cornerstone parses the file and picks the decoder from its
 * own transfer syntax, so every syntax it can decode renders without asking Orthanc to
 * transcode. A multi-frame instance gives one image id per frame (`&frame=N`, 1-based); the
 * frames share one download because the loader caches the data set by URL.
 */
import { API_BASE } from '@pacs/common';

export interface InstanceRef {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  NumberOfFrames?: number | null;
}

/** The adapter's WADO-URI URL for one instance's whole Part 10 file. */
export function wadoUri(instance: InstanceRef): string {
  const params = new URLSearchParams({
    requestType: 'WADO',
    studyUID: instance.StudyInstanceUID,
    seriesUID: instance.SeriesInstanceUID,
    objectUID: instance.SOPInstanceUID,
    contentType: 'application/dicom',
  });
  return `${API_BASE}/wado?${params.toString()}`;
}

/** Image ids in display order: instances as given, frames 1..N within each instance. */
export function imageIdsForInstances(instances: readonly InstanceRef[]): string[] {
  const ids: string[] = [];
  for (const instance of instances) {
    const base = `wadouri:${wadoUri(instance)}`;
    const frames = Math.max(1, Math.floor(instance.NumberOfFrames ?? 1));
    // The loader reads `frame=` as the last parameter of the id.
    if (frames === 1) ids.push(base);
    else for (let frame = 1; frame <= frames; frame++) ids.push(`${base}&frame=${frame}`);
  }
  return ids;
}

/** The SOP Instance UID an image id was built from (for thumbnails and overlays). */
export function sopInstanceUidOf(imageId: string): string | null {
  const query = imageId.slice(imageId.indexOf('?') + 1);
  return new URLSearchParams(query).get('objectUID');
}
