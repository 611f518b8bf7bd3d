import { describe, expect, it } from 'vitest';
import { imageIdOf, imageIdsForInstances, refOfImageId, sopInstanceUidOf, wadoUri } from './image-ids.ts';

const instance = { StudyInstanceUID: '1.2', SeriesInstanceUID: '1.2.3', SOPInstanceUID: '1.2.3.4' };

describe('image ids', () => {
  it('points at the adapter WADO-URI proxy for the whole Part 10 file', () => {
    expect(wadoUri(instance)).toBe(
      '/viewer/api/wado?requestType=WADO&studyUID=1.2&seriesUID=1.2.3&objectUID=1.2.3.4&contentType=application%2Fdicom',
    );
  });

  it('gives one id per single-frame instance and one per frame of a multi-frame instance', () => {
    const ids = imageIdsForInstances([
      { ...instance, NumberOfFrames: null },
      { ...instance, SOPInstanceUID: '9', NumberOfFrames: 3 },
    ]);
    expect(ids).toHaveLength(4);
    expect(ids[0]).toBe(`wadouri:${wadoUri(instance)}`);
    expect(ids.slice(1).map((id) => id.slice(id.lastIndexOf('&') + 1))).toEqual(['frame=1', 'frame=2', 'frame=3']);
    expect(ids[2]?.startsWith('wadouri:/viewer/api/wado?')).toBe(true);
  });

  it('reads the SOP Instance UID back from an id', () => {
    const [id] = imageIdsForInstances([{ ...instance, NumberOfFrames: 2 }]);
    expect(sopInstanceUidOf(id ?? '')).toBe('1.2.3.4');
  });

  it('reads study, series, instance and frame back and rebuilds the same id', () => {
    const ids = imageIdsForInstances([instance, { ...instance, SOPInstanceUID: '9', NumberOfFrames: 2 }]);
    for (const id of ids) {
      const ref = refOfImageId(id);
      expect(ref).not.toBeNull();
      if (ref) expect(imageIdOf(ref, ref.frame)).toBe(id);
    }
    expect(refOfImageId(ids[2] ?? '')).toMatchObject({ SOPInstanceUID: '9', frame: 2 });
    expect(refOfImageId('wadouri:/x')).toBeNull();
  });
});
