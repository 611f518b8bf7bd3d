import { describe, expect, it } from 'vitest';
import { fromItem, isShown, toItem, type CsAnnotation } from './annotations.ts';
import { imageIdOf } from './loading/image-ids.ts';

const ref = { StudyInstanceUID: '1.2', SeriesInstanceUID: '1.2.3', SOPInstanceUID: '1.2.3.4' };

const length: CsAnnotation = {
  annotationUID: 'a',
  metadata: { toolName: 'Length', referencedImageId: imageIdOf(ref), FrameOfReferenceUID: '9', viewPlaneNormal: [0, 0, 1] },
  data: {
    handles: {
      points: [
        [0, 0, 0],
        [10, 0, 0],
      ],
      textBox: { hasMoved: false },
    },
    label: '',
    cachedStats: { x: { length: 10, unit: 'mm' } },
  },
};

describe('annotation rows', () => {
  it('keeps the image, tool, handles and text but not the statistics', () => {
    const item = toItem(length);
    expect(item).toMatchObject({ SeriesInstanceUID: '1.2.3', SOPInstanceUID: '1.2.3.4', Frame: 1, Tool: 'Length' });
    expect(item?.Data).not.toContain('cachedStats');
    expect(item?.Data).not.toContain('wadouri');
  });

  it('rebuilds the annotation on the same image id', () => {
    const item = toItem({ ...length, metadata: { ...length.metadata, referencedImageId: imageIdOf(ref, 3) } });
    if (!item) throw new Error('no row');
    const back = fromItem(item, '1.2', 'b');
    expect(back?.metadata.referencedImageId).toBe(imageIdOf(ref, 3));
    expect(back?.metadata.FrameOfReferenceUID).toBe('9');
    expect(back?.data.handles?.points).toEqual([
      [0, 0, 0],
      [10, 0, 0],
    ]);
    expect(back?.invalidated).toBe(true);
    const single = toItem(length);
    if (!single) throw new Error('no row');
    expect(fromItem(single, '1.2', 'c')?.metadata.referencedImageId).toBe(imageIdOf(ref));
  });

  it('skips annotations on unknown images and unreadable rows', () => {
    expect(toItem({ ...length, metadata: { toolName: 'Length' } })).toBeNull();
    expect(fromItem({ SeriesInstanceUID: 's', SOPInstanceUID: 'i', Frame: 0, Tool: 'Length', Data: '{' }, '1', 'x')).toBeNull();
  });

  it('follows the display status', () => {
    expect(isShown('show_all', 'other', 'me')).toBe(true);
    expect(isShown('show_only_mine', 'other', 'me')).toBe(false);
    expect(isShown('show_only_mine', 'me', 'me')).toBe(true);
    expect(isShown('hide_all', 'me', 'me')).toBe(false);
  });
});
