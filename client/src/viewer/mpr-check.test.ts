import { describe, expect, it } from 'vitest';
import { checkMpr, sliceNormal } from './mpr-check.ts';

const axial = { orientation: [1, 0, 0, 0, 1, 0], pixelSpacing: [0.7, 0.7] };

describe('checkMpr', () => {
  it('accepts parallel axial slices with a pixel spacing', () => {
    expect(checkMpr([axial, axial, axial])).toBeNull();
  });

  it('needs two images first of all', () => {
    expect(checkMpr([])).toBe('two_images');
    expect(checkMpr([{ orientation: null, pixelSpacing: null }])).toBe('two_images');
  });

  it('needs a positive pixel spacing on every slice', () => {
    expect(checkMpr([axial, { ...axial, pixelSpacing: null }])).toBe('pixel_spacing');
    expect(checkMpr([axial, { ...axial, pixelSpacing: [0, 0.7] }])).toBe('pixel_spacing');
  });

  it('needs axial slices', () => {
    const sagittal = { orientation: [0, 1, 0, 0, 0, -1], pixelSpacing: [1, 1] };
    expect(checkMpr([sagittal, sagittal])).toBe('axial');
    expect(checkMpr([{ ...axial, orientation: null }, axial])).toBe('axial');
  });

  it('needs parallel slices', () => {
    const tilted = { ...axial, orientation: [1, 0, 0, 0, Math.cos(0.2), Math.sin(0.2)] };
    expect(checkMpr([axial, tilted])).toBe('parallel');
  });

  it('computes the slice normal', () => {
    expect(sliceNormal([1, 0, 0, 0, 1, 0])).toEqual([0, 0, 1]);
    expect(sliceNormal([1, 0])).toBeNull();
  });
});
